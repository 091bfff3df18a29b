#!/usr/bin/env cmdscript
# args: --pictures always
# A spiral drawn by macros, and shown as a picture. On a terminal `show shape` draws the
# grid, the axes, the path of the moves and the shape in its colour; into a pipe it prints
# the one line `shape: at (3, 3), green` unless `--pictures always` is given (as the test
# of this script does).

# Each turn of the spiral is two sides, one step longer than the last.
macro out n { move up $n; move right $n }
macro in n { move down $n; move left $n }
paint green
out 1; in 2; out 3; in 4; out 5
show shape
# stdout: shape: at (3, 3), green
# stdout:         y
# stdout:   . . . | . . . .
# stdout:   . *-*-*-*-*-@ .
# stdout:   . * *-*-*-* . .
# stdout:   . * * *-* * . .
# stdout:   --*-*-*-*-*---- x
# stdout:   . * *-*-* * . .
# stdout:   . *-*-*-*-* . .
# stdout:   . . . | . . . .
# stdout:   x -3..4, y -3..4, path: 10 moves

# The whole spiral was five undo steps; undo two and the picture follows.
undo 2
show shape
# stdout: shape: at (2, 2), green
# stdout:       y
# stdout:   . . | . . .
# stdout:   . *-*-*-@ .
# stdout:   . * *-* . .
# stdout:   --*-*-*---- x
# stdout:   . *-*-* . .
# stdout:   . . | . . .
# stdout:   x -2..3, y -2..3, path: 6 moves
