# Questions inside a block run when the block gets there.
repeat 2 { move up; show shape }
# stdout: shape: at (0, 1), blue
# stdout: shape: at (0, 2), blue
