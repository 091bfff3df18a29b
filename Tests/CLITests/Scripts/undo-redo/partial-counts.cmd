move up; paint red
undo 5
show shape
# stdout: shape: at (0, 0), blue
redo 3
show shape
# stdout: shape: at (0, 1), red
# stderr: 2:1: warning: only 2 of 5 steps could be undone
# stderr: 5:1: warning: only 2 of 3 steps could be redone
