# A parameter used in no slot accepts any argument.
macro m x { move up }
m 5
m word
show shape
# stdout: shape: at (0, 2), blue
