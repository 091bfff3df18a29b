# bytes: crlf
repeat 2 {
  move left
}
show shape
# stdout: shape: at (-2, 0), blue
