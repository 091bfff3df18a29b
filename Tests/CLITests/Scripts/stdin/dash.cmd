# mode: stdin
# args: -
move down 2; show shape
# stdout: shape: at (0, -2), blue
