macro go direction steps { move $direction $steps }
macro tint c { paint $c }
macro mark r c { board.place $r $c }
go left 4
tint gray
mark 3 1
show
# stdout: shape: at (-4, 0), grey
# stdout: door: closed, unlocked
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   X . .
# stdout:   next: O
# stdout: vehicle: not saved, not sent, 0 log lines, backend up
# stdout: network: 0 pending, 0 cancelled
