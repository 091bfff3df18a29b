# mode: stdin
door.lock
show door
door.open
show door
# stdout: door: closed, locked
# stderr: 4:1: error: door: the door is locked
# exit: 1
