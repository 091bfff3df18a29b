# Tic-tac-toe with moves planned in advance: a move on a taken cell fails alone, and
# the rest of the queue still runs. Any failure in a queue run makes the exit status 1.
queue place 2 2
queue place 1 1
queue place 2 2
queue place 3 3
run
show board
# stdout: ran 4 queued: 3 finished, 1 failed
# stdout: board:
# stdout:   O . .
# stdout:   . X .
# stdout:   . . X
# stdout:   next: O
# stderr: 5:7: error: board: cell 2 2 is taken by X
# exit: 1
