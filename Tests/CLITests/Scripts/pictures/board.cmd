# args: --pictures always
# The board with row and column numbers (no counting on a 9×9 board), the last move in
# brackets, and the winning line named (on a terminal it is highlighted too).
reset 9
place 7 4; place 1 1; place 6 5; place 1 2
show board
place 5 6; place 2 2; place 4 7; place 3 3; place 3 8; place 4 4; place 2 9
show board
undo
show board
# stdout: board:
# stdout:      1 2 3 4 5 6 7 8 9
# stdout:   1  O[O]. . . . . . .
# stdout:   2  . . . . . . . . .
# stdout:   3  . . . . . . . . .
# stdout:   4  . . . . . . . . .
# stdout:   5  . . . . . . . . .
# stdout:   6  . . . . X . . . .
# stdout:   7  . . . X . . . . .
# stdout:   8  . . . . . . . . .
# stdout:   9  . . . . . . . . .
# stdout:   next: X
# stdout: board:
# stdout:      1 2 3 4 5 6 7 8 9
# stdout:   1  O O . . . . . . .
# stdout:   2  . O . . . . . .[X]
# stdout:   3  . . O . . . . X .
# stdout:   4  . . . O . . X . .
# stdout:   5  . . . . . X . . .
# stdout:   6  . . . . X . . . .
# stdout:   7  . . . X . . . . .
# stdout:   8  . . . . . . . . .
# stdout:   9  . . . . . . . . .
# stdout:   next: O
# stdout: board:
# stdout:      1 2 3 4 5 6 7 8 9
# stdout:   1  O O . . . . . . .
# stdout:   2  . O . . . . . . .
# stdout:   3  . . O . . . . X .
# stdout:   4  . . .[O]. . X . .
# stdout:   5  . . . . . X . . .
# stdout:   6  . . . . X . . . .
# stdout:   7  . . . X . . . . .
# stdout:   8  . . . . . . . . .
# stdout:   9  . . . . . . . . .
# stdout:   next: X
