place 1 1; place 2 1; place 1 2; place 2 2; place 1 3
place 3 3
# stderr: 2:1: error: board: the game is over: X won
# exit: 1
