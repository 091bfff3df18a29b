# args: --on-error continue
assert door.open "the door must be open"
show door
# stderr: 2:1: error: the door must be open
# stdout: door: closed, unlocked
# exit: 1
