# bytes: no-final-newline
# stderr: 5:11: error: expected `}` to close `{` opened at 5:10
# stderr: 5:10: note: the block opened here
# exit: 65
repeat 2 {