# A comment runs from # to the end of the line, anywhere.
move up # and this is not `paint red`
    # indented comment { with an open brace
repeat 2 { # comment in a block
  move right # } not a close
}
show shape # { "
# stdout: shape: at (2, 1), blue
