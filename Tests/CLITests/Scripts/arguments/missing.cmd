# A missing argument is a compile error that names the script's usage (each argument by
# the slot it is first used in); nothing runs.
# mode: none
# args: missing.cmd 2
show shape
repeat $1 { move up }
paint $2
# stderr: 7:7: error: `$2`: the script was given 1 argument
# stderr: note: usage: missing.cmd COUNT COLOUR
# exit: 65
