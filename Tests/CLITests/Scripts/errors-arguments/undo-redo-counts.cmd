undo 0
redo x
undo -3
# stderr: 1:6: error: the count of `undo` must be at least 1
# stderr: 2:6: error: the count of `redo` must be an integer
# stderr: 3:6: error: the count of `undo` must be at least 1
# exit: 65
