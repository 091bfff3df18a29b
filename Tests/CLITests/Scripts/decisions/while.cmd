# `while` tests its condition before each turn; a loop that never starts runs nothing.
move right 5
while shape.x > 0 { move left }
while shape.x > 0 { move up }
show shape
# stdout: shape: at (0, 0), blue
