# `--check` without the arguments still finds a `$N` whose uses ask for different kinds.
# mode: none
# args: --check arguments-uses-disagree.cmd
move up $1
paint $1
# stderr: 5:7: error: `$1` is used as a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey) here, but as an integer ≥ 1 before
# stderr: 4:9: note: first used here
# exit: 65
