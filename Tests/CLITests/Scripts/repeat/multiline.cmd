repeat 3
{
  move left

  move down
}
show shape
# stdout: shape: at (-3, -3), blue
