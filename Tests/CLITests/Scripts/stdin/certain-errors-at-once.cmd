# mode: stdin
# A statement that awaits its block, followed by a line that is not one, is reported at
# that line.
if shape.x > 100
move up
# stderr: 5:1: error: expected `{` to start a block, found `move`
# exit: 65
