# `show` without a receiver shows every receiver, in registration order.
show
# stdout: shape: at (0, 0), blue
# stdout: door: closed, unlocked
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X
# stdout: vehicle: not saved, not sent, 0 log lines, backend up
# stdout: network: 0 pending, 0 cancelled
