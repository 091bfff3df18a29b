# args: --pictures always
# A spiral drawn by a macro: with --pictures always, `show shape` draws the grid around
# the origin and the shape, the path (`*`), the shape (`@`) and the axes, in plain
# characters when standard output is not a terminal.
macro side n { move up $n; move right $n }
macro back n { move down $n; move left $n }
paint green
side 1; back 2; side 3; back 4
show shape
# stdout: shape: at (-2, -2), green
# stdout:         y
# stdout:   . . . | . . .
# stdout:   . . *-*-*-* .
# stdout:   . . * *-* * .
# stdout:   ----*-*-*-*-- x
# stdout:   . . *-*-* * .
# stdout:   . @-*-*-*-* .
# stdout:   . . . | . . .
# stdout:   x -3..3, y -3..3, path: 8 moves
