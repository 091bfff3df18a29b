#!/usr/bin/env cmdscript
# Tic-tac-toe with moves planned in advance: the players queue their moves in turn
# (X, O, X, ...) and `run` plays them in queue order. O plans the centre too late:
# that move fails alone (rolled back, reported), and the rest of the queue still runs.
# A failed queued move makes the script's exit status 1, but never stops the run.

queue place 2 2   # X takes the centre
queue place 1 1   # O takes a corner
queue place 1 3   # X
queue place 2 2   # O wanted the centre: taken, so this move fails
queue place 3 1   # O, its turn still
queue place 2 3   # X
queue place 2 1   # O: the left column is O's
pending
run
show board

# Every move that was played is its own undo step.
undo
show board

# What this tour prints:
# stdout: 1  place 2 2
# stdout: 2  place 1 1
# stdout: 3  place 1 3
# stdout: 4  place 2 2
# stdout: 5  place 3 1
# stdout: 6  place 2 3
# stdout: 7  place 2 1
# stdout: ran 7 queued: 6 finished, 1 failed
# stdout: board:
# stdout:   O . X
# stdout:   O X X
# stdout:   O . .
# stdout:   winner: O
# stdout: board:
# stdout:   O . X
# stdout:   . X X
# stdout:   O . .
# stdout:   next: O
# stderr: 10:7: error: board: cell 2 2 is taken by X
# exit: 1
