board.place 2 2
show board
# stdout: board:
# stdout:   . . .
# stdout:   . X .
# stdout:   . . .
# stdout:   next: O
