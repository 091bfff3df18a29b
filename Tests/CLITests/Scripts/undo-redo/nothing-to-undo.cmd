# Undo and redo with nothing to do warn, and the run still succeeds.
undo
redo 2
# stderr: 2:1: warning: nothing to undo
# stderr: 3:1: warning: nothing to redo
# exit: 0
