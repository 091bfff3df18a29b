move up
undo
move left
redo
show shape
# stdout: shape: at (-1, 0), blue
# stderr: 4:1: warning: nothing to redo
