# `cmdscript -` read line by line: a line that uses an argument not given is an error
# there; what ran before it stays.
# mode: stdin
# args: - 2
repeat $1 { move up }
show shape
paint $2
# stdout: shape: at (0, 2), blue
# stderr: 7:7: error: the script takes 2 arguments and was given 1
# stderr: note: usage: <stdin> ARG1 COLOUR
# exit: 65
