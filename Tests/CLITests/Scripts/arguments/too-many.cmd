# More arguments than the script uses are an error, as too few are, saying how many it
# takes (at the script's start, with its usage); nothing runs.
# mode: none
# args: too-many.cmd 2 red extra
repeat $1 { move up }
paint $2
# stderr: 1:1: error: the script takes 2 arguments and was given 3
# stderr: note: usage: too-many.cmd COUNT COLOUR
# exit: 65
