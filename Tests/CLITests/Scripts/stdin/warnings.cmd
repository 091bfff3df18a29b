# mode: stdin
undo
move up
undo 2
show shape
# stdout: shape: at (0, 0), blue
# stderr: 2:1: warning: nothing to undo
# stderr: 4:1: warning: only 1 of 2 steps could be undone
