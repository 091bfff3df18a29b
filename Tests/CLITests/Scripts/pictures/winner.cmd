# args: --pictures always
# A won game names its winning line; a drawn one says so.
place 1 1; place 1 2; place 2 2; place 1 3; place 3 3
show board
reset; place 1 1; place 2 2; place 1 2; place 1 3; place 3 1; place 2 1; place 2 3; place 3 2; place 3 3
show board
# stdout: board:
# stdout:      1 2 3
# stdout:   1  X O O
# stdout:   2  . X .
# stdout:   3  . .[X]
# stdout:   winner: X (diagonal)
# stdout: board:
# stdout:      1 2 3
# stdout:   1  X X O
# stdout:   2  O O X
# stdout:   3  X O[X]
# stdout:   draw
