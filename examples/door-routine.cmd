#!/usr/bin/env cmdscript
# A door routine that decides: open the door if it can, and when opening fails, `try`
# rolls back what the attempt did and runs its `else` instead, which names why.
macro enter { if door.locked { door.unlock }; door.open; move up }
enter
show door
door.close; door.lock
# The attempt locks nothing new: it moves, then fails to open the locked door.
try { move right; door.open } else as why { echo "the door stayed shut: $why" }
show shape
enter
echo "open:" (door.open) "locked:" (door.locked)
# A receiver parameter: `shut` works on any door, checked at each call.
new door back
macro shut d { if $d.open { $d.close }; if not $d.locked { $d.lock } }
back.open
shut back
shut door
show door back
# stdout: door: open, unlocked
# stdout: the door stayed shut: door: the door is locked
# stdout: shape: at (0, 1), blue
# stdout: open: true locked: false
# stdout: door: closed, locked
# stdout: back (door): closed, locked
