repeat 2 {
  move up
  paint red
# stderr: 3:12: error: expected `}` to close `{` opened at 1:10
# stderr: 1:10: note: the block opened here
# exit: 65
