# Using an instance whose `new` was undone fails at run time; the statement rolls back.
new door back
undo
show door
back.open
# stdout: door: closed, unlocked
# stderr: 5:1: error: receiver `back` does not exist: the `new` that made it was undone
# exit: 1
