# --on-error rollback says on stderr what it undid, however the run was given.
# args: --on-error rollback
move up
paint red
door.lock
door.open
# stderr: 6:1: error: door: the door is locked
# stderr: cmdscript: the run was rolled back: undid 3 steps: `door.lock`, `paint red`, `move up`
# exit: 1
