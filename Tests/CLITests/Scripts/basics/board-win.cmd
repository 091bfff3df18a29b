# X wins the top row; the game is then over.
board.place 1 1; board.place 2 1
board.place 1 2; board.place 2 2
board.place 1 3
show board
# stdout: board:
# stdout:   X X X
# stdout:   O O .
# stdout:   . . .
# stdout:   winner: X
board.reset 4
show board
# stdout: board:
# stdout:   . . . .
# stdout:   . . . .
# stdout:   . . . .
# stdout:   . . . .
# stdout:   next: X
