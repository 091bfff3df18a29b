# The board fails at run time when the cell is outside it (the size is only known then).
board.place 3 3
board.place 4 1
# stderr: 3:1: error: board: cell 4 1 is outside the 3×3 board
# exit: 1
