# Undoing the winning move reopens the game.
place 1 1; place 2 1; place 1 2; place 2 2; place 1 3
undo
place 3 3
show board
# stdout: board:
# stdout:   X X .
# stdout:   O O .
# stdout:   . . X
# stdout:   next: O
