# -v: statements that print nothing say what they did, as the REPL always does.
# args: -v
move up
paint red
undo
# stdout: undid `paint red`
redo
# stdout: redid `paint red`
new door back
# stdout: made `back`, a new door
use back
# stdout: now using `back`
lock
undo 3
# stdout: undid 3 steps: `lock`, `new door back`, `paint red`
queue move left
queue paint green
discard
# stdout: dropped 2 pending statements
redo 9
# stdout: redid 3 steps: `paint red`, `new door back`, `lock`
# stderr: 20:1: warning: only 3 of 9 steps could be redone
# A statement that prints prints as before; a failed statement says only its error.
show back
# stdout: back (door): closed, locked
