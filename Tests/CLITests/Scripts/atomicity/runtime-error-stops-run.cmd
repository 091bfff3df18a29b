# Statements before the failing one ran (and printed); the ones after it do not run.
door.lock
show door
door.open
show door
# stdout: door: closed, locked
# stderr: 4:1: error: door: the door is locked
# exit: 1
