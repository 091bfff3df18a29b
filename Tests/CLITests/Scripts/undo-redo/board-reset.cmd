# Undoing a reset brings the old board back, size and marks.
board.place 2 2
board.reset 4
board.place 4 4
undo 2
show board
# stdout: board:
# stdout:   . . .
# stdout:   . X .
# stdout:   . . .
# stdout:   next: O
redo 2
show board
# stdout: board:
# stdout:   . . . .
# stdout:   . . . .
# stdout:   . . . .
# stdout:   . . . X
# stdout:   next: O
board.reset
show board
# `reset` without a size keeps the current size.
# stdout: board:
# stdout:   . . . .
# stdout:   . . . .
# stdout:   . . . .
# stdout:   . . . .
# stdout:   next: X
