# The transaction example of the issue, verbatim.
transaction { door.unlock; door.open; move up }
show
# stdout: shape: at (0, 1), blue
# stdout: door: open, unlocked
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X
# stdout: vehicle: not saved, not sent, 0 log lines, backend up
# stdout: network: 0 pending, 0 cancelled
undo
show door
# stdout: door: closed, unlocked
