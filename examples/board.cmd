#!/usr/bin/env cmdscript
# A whole game of tic-tac-toe on the board receiver: `place ROW COL` puts the next
# player's mark in a cell (rows and columns count from 1). X moves first.

# `use board` sends bare verbs to the board, so `place` needs no `board.` prefix.
use board
show board
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X

# X takes a corner, O answers at the side, X takes the centre.
place 1 1; place 2 1; place 2 2
# O must block the diagonal; X then threatens both the top row and the other diagonal.
place 3 3; place 1 3
# O blocks the top row...
place 1 2
show board
# stdout: board:
# stdout:   X O X
# stdout:   O X .
# stdout:   . . O
# stdout:   next: X

# ...and X wins on the diagonal from the top right to the bottom left.
place 3 1
show board
# stdout: board:
# stdout:   X O X
# stdout:   O X .
# stdout:   X . O
# stdout:   winner: X

# Each move was one undo step.
history
# stdout: 1  place 1 1
# stdout: 2  place 2 1
# stdout: 3  place 2 2
# stdout: 4  place 3 3
# stdout: 5  place 1 3
# stdout: 6  place 1 2
# stdout: 7  place 3 1

# Undo the winning move: the cell is empty again, nobody has won, and X is to move.
undo
show board
# stdout: board:
# stdout:   X O X
# stdout:   O X .
# stdout:   . . O
# stdout:   next: X

# Redo it and X has won again.
redo
show board
# stdout: board:
# stdout:   X O X
# stdout:   O X .
# stdout:   X . O
# stdout:   winner: X
