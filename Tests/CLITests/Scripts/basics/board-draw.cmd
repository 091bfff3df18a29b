# A full board without three in a row is a draw.
place 1 1; place 1 2; place 1 3
place 2 2; place 2 1; place 2 3
place 3 2; place 3 1; place 3 3
show board
# stdout: board:
# stdout:   X O X
# stdout:   X O O
# stdout:   O X X
# stdout:   draw
