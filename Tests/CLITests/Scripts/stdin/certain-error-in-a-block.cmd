# mode: stdin
# An error inside an open block that no later line can mend ends the entry at its line,
# reported there with the block it leaves open; nothing after it is read.
repeat 2 {
  paint red:
  move up
}
# stderr: 5:12: error: unexpected character `:`
# stderr: 5:13: error: expected `}` to close `{` opened at 4:10
# stderr: 4:10: note: the block opened here
# exit: 65
