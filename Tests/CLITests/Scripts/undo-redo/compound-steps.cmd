# A block, a repeat, a transaction and a macro call are one undo step each.
macro square { move right; move up; move left; move down; paint teal }
{ move up; paint red }
repeat 3 { move right }
transaction { door.open; move down }
square
show shape
# stdout: shape: at (3, 0), teal
undo
show shape
# stdout: shape: at (3, 0), red
undo
show
# stdout: shape: at (3, 1), red
# stdout: door: closed, unlocked
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X
# stdout: vehicle: not saved, not sent, 0 log lines, backend up
# stdout: network: 0 pending, 0 cancelled
undo 2
show shape
# stdout: shape: at (0, 0), blue
redo 4
show shape
# stdout: shape: at (3, 0), teal
