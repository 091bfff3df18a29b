# A query's name alone says where to ask it.
x
winner
# stderr: 2:1: error: unknown command `x`: a query is asked of its receiver (did you mean `shape.x`?)
# stderr: 3:1: error: unknown command `winner`: a query is asked of its receiver (did you mean `board.winner`?)
# exit: 65
