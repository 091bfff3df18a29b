door.open
show door
# stdout: door: open, unlocked
