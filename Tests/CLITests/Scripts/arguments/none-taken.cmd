# A script that uses no argument, given one: an error, nothing runs.
# mode: none
# args: none-taken.cmd 5
move up
show shape
# stderr: 1:1: error: the script takes no arguments and was given 1
# stderr: note: usage: none-taken.cmd
# exit: 65
