# An argument that does not fit where it is used is a compile error at the use, with a
# suggestion; nothing runs.
# mode: none
# args: ill-kinded.cmd two redd
show shape
move up $1
paint $2
# stderr: 6:9: error: `$1` is `two`: `steps` must be an integer ≥ 1
# stderr: note: usage: ill-kinded.cmd STEPS COLOUR
# stderr: 7:7: error: `$2` is `redd`: `colour` must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey) (did you mean `red`?)
# stderr: note: usage: ill-kinded.cmd STEPS COLOUR
# exit: 65
