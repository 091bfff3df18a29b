move up
move up
move up
move right
undo 2
show shape
# stdout: shape: at (0, 2), blue
redo
show shape
# stdout: shape: at (0, 3), blue
redo 1
show shape
# stdout: shape: at (1, 3), blue
undo 4
show shape
# stdout: shape: at (0, 0), blue
