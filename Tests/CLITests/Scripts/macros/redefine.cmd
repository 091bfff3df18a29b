# A later definition replaces the macro for the statements after it.
macro hop { move up }
hop
macro hop { move down 5 }
hop
show shape
# stdout: shape: at (0, -4), blue
