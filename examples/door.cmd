#!/usr/bin/env cmdscript
# The door, transactions and rollback. A door opens, closes and locks; a locked door
# does not open and an open door does not lock. This script ends with a command that
# fails, so it exits with status 1 (see the end).

# The door starts closed and unlocked.
show door
# stdout: door: closed, unlocked
open
show door
# stdout: door: open, unlocked
close; lock
show door
# stdout: door: closed, locked

# `transaction { ... }` runs several statements as one all-or-nothing undo step. They
# may act on different receivers: here the door and the shape.
transaction {
  unlock
  open
  move up
  paint green
}
show
# stdout: shape: at (0, 1), green
# stdout: door: open, unlocked
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X
# stdout: vehicle: not saved, not sent, 0 log lines, backend up
# stdout: network: 0 pending, 0 cancelled

# One `undo` reverts the whole transaction, on every receiver it touched.
undo
show door
# stdout: door: closed, locked
show shape
# stdout: shape: at (0, 0), blue
history
# stdout: 1  open
# stdout: 2  close
# stdout: 3  lock
# stdout: 4  transaction { unlock; open; move up; paint green }   (undone)

# Run-time failure: this transaction moves and paints the shape, then tries to open
# the locked door. `open` fails, so the commands that already ran are undone in
# reverse order (the shape is back at (0, 0), blue), the error is reported at the
# failing command, and the script stops with exit status 1. Every statement is atomic
# like this; a transaction makes several statements one unit.
transaction {
  move right 2
  paint red
  door.open
}
# stderr: 55:3: error: door: the door is locked
# stderr: note: the transaction was rolled back: `shape.paint`, `shape.move`
# exit: 1
