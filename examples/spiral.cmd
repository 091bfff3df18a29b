#!/usr/bin/env cmdscript
# A spiral of COUNT turns in COLOUR, drawn by macros: ./spiral.cmd 5 red
paint $2
# mode: none
# args: --pictures always spiral.cmd 5 red
# On a terminal `show shape` draws the grid, the axes, the path of the moves and the shape
# in its colour; into a pipe it prints the one line `shape: at (3, 3), red` unless
# `--pictures always` is given (as the test of this script does).

# Each turn of the spiral is two sides, one step longer than the last, out and back in.
macro out n { move up $n; move right $n }
macro in n { move down $n; move left $n }
repeat $1 as turn {
  if ($turn % 2 == 1) { out $turn } else { in $turn }
}
show shape
# stdout: shape: at (3, 3), red
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

# The whole spiral is one undo step (a `repeat` is one statement): `undo` takes it back,
# and the picture follows.
undo
show shape
# stdout: shape: at (0, 0), red
# stdout:     y
# stdout:   . | .
# stdout:   --@-- x
# stdout:   . | .
# stdout:   x -1..1, y -1..1, path: 0 moves
