# args: --pictures never
move up; paint red
show shape
show board
# stdout: shape: at (0, 1), red
# stdout: board:
# stdout:   . . .
# stdout:   . . .
# stdout:   . . .
# stdout:   next: X
