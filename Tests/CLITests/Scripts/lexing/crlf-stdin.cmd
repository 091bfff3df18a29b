# bytes: crlf
# mode: stdin
repeat 2 {
  move left
}
show shape
mvoe up
# stdout: shape: at (-2, 0), blue
# stderr: 7:1: error: unknown command `mvoe` (did you mean `move`?)
# exit: 65
