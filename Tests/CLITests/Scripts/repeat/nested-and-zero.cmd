repeat 2 { repeat 3 { move up }; move right }
repeat 0 { move down }
show shape
# stdout: shape: at (2, 6), blue
