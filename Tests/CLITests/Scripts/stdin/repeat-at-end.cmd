# mode: stdin
# An error at the end of the input points just after the last thing written, not at
# an empty line after it.
repeat 2
# stderr-full: 4:9: error: expected `{` to start a block, found the end of the input
# stderr-full:     repeat 2
# stderr-full:             ^
# exit: 65
