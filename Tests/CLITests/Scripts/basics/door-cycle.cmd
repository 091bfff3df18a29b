door.open
door.close
door.lock
show door
# stdout: door: closed, locked
door.unlock
door.open
show door
# stdout: door: open, unlocked
