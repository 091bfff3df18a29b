# `-c TEXT ARG…` given more arguments than the text uses: an error, as for a script.
# mode: none
# args: -c 'move up $1' 2 red
# stderr: 1:1: error: the script takes 1 argument and was given 2
# stderr: note: usage: <command line> STEPS
# exit: 65
