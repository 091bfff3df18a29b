# With two doors, a run-time error says which one failed.
new door back
door.lock
back.lock
back.open
# stderr: 5:1: error: back: the door is locked
# exit: 1
