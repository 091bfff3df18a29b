# mode: stdin
# A `{` keeps the chunk open until its `}`; line numbers count the whole stream.
repeat 2 {
  move right
  # a comment with a { does not open a block
  paint "green
blue"
}
show shape
# stderr: 6:9: error: `colour` must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey), not a string
# exit: 65
