# Words of two sets that share none can never be equal: an error, before anything runs.
if board.winner == shape.colour { echo "same" }
# stderr: 2:4: error: the sides of `==` share no word, so they are never equal: one of none, X, O, draw; a colour
# exit: 65
