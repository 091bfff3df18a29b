# If the `else` block fails too, the whole statement fails, rolled back.
door.lock
try { move up; door.open } else { move left; door.open }
show shape
# stderr: 3:46: error: door: the door is locked
# exit: 1
