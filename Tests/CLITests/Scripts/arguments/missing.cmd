# Missing arguments are one compile error, at the first use of one, that says how many the
# script takes and names its usage (each argument by the slot it is first used in); nothing
# runs.
# mode: none
# args: missing.cmd 2
show shape
repeat $1 { move up }
paint $2
move $3
# stderr: 8:7: error: the script takes 3 arguments and was given 1
# stderr: note: usage: missing.cmd COUNT COLOUR DIRECTION
# exit: 65
