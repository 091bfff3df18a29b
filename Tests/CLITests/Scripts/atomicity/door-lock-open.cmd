door.open
door.lock
# stderr: 2:1: error: door: the door is open
# exit: 1
