# The second time round, the cell is taken.
repeat 3 { board.place 1 1 }
# stderr: 2:12: error: board: cell 1 1 is taken by X
# exit: 1
