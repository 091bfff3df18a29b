#!/usr/bin/env lamp-cmdscript
# The lamp: a receiver that an app adds in one short Swift file (Sources/LampReceiver/
# Lamp.swift). Run it with `lamp-cmdscript lamp.cmd`; check.sh checks the `# stdout:`
# lines against what it prints.

# `help lamp` is generated from the lamp's verb table, like the checker's rules.
help lamp
# stdout: lamp: a dimmable lamp
# stdout:   on                          switch the lamp on
# stdout:   off                         switch the lamp off
# stdout:   dim <level>                 set the brightness
# stdout:     level: integer 0...100

# The lamp starts off, at level 100.
show lamp
# stdout: lamp: on=no level=100

# Only the lamp has `on`, `off` and `dim`, so they need no `lamp.` prefix.
on; dim 30
show lamp
# stdout: lamp: on=yes level=30

# Undo restores exactly the state before each command.
undo
show lamp
# stdout: lamp: on=yes level=100
undo
show lamp
# stdout: lamp: on=no level=100
redo 2
show lamp
# stdout: lamp: on=yes level=30

# Macros work with the lamp as with any receiver. `$level` goes to `dim`, so the checker
# only accepts 0...100 for it: `evening 101` would not run at all.
macro evening level { lamp.dim $level; door.close; door.lock; paint black }
door.open
evening 10
show
# stdout: shape: at (0, 0), black
# stdout: door: closed, locked
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X
# stdout: vehicle: not saved, not sent, 0 log lines, backend up
# stdout: network: 0 pending, 0 cancelled
# stdout: lamp: on=yes level=10

# The macro call is one undo step across the lamp, the door and the shape.
undo
show lamp
# stdout: lamp: on=yes level=30
show door
# stdout: door: open, unlocked

# A transaction mixes receivers too, and is undone as a whole.
transaction { lamp.off; door.close; door.lock }
show lamp
# stdout: lamp: on=no level=30
undo
show lamp
# stdout: lamp: on=yes level=30
# `evening 10` was undone before the transaction, which started a branch beside it: the
# history keeps both (the transaction's step comes after step 3).
history
# stdout: 1  on
# stdout: 2  dim 30
# stdout: 3  door.open
# stdout: 4  evening 10   (undone)
# stdout: 5  transaction { lamp.off; door.close; door.lock }   (undone)   (after 3)
