# Up is y + 1, down y - 1, right x + 1, left x - 1; steps default to 1.
move up
move up 3
move down
move right 5
move left 2
show shape
# stdout: shape: at (3, 3), blue
paint gray
show shape
# `gray` is an alias of `grey`.
# stdout: shape: at (3, 3), grey
