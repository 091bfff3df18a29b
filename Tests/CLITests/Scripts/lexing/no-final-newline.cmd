# bytes: no-final-newline
# stdout: shape: at (0, 1), blue
move up
show shape