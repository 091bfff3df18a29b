# `new TYPE NAME` makes another receiver of a type; it is undoable, and bare verbs keep
# going to the first instance until `use` says otherwise.
new door back
back.lock
open
use back
show back
undo 2
show back
redo 2
show door
history
# stdout: back (door): closed, locked
# stdout: back (door): closed, unlocked
# stdout: door: open, unlocked
# stdout: 1  new door back
# stdout: 2  back.lock
# stdout: 3  open
