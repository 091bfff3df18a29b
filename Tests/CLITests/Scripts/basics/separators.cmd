# Statements are separated by `;` or line breaks; empty statements are fine.
;; move up ;;; move up;
	move   right		2

show shape;
# stdout: shape: at (2, 2), blue
