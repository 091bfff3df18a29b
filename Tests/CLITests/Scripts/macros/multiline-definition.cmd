macro patrol n
{
  repeat $n {
    move right
    move left
  }
  # a comment inside the body
  door.close
}
patrol 2
show shape
# stdout: shape: at (0, 0), blue
history
# stdout: 1  patrol 2
