paint "red
# stderr: 1:7: error: unterminated string
# stderr: note: the string starts here and runs to the end of the input
# exit: 65
