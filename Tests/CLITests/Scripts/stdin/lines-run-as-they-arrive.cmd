# mode: stdin
move up
show shape
paint red; show shape
# stdout: shape: at (0, 1), blue
# stdout: shape: at (0, 1), red
