# `echo` prints its arguments joined by single spaces; `( … )` is an expression.
move right 3
echo "x is" (shape.x) and (door.locked) (shape.colour)
echo (2 + 3 * 4) ((2 + 3) * 4) (-7 / 2) (-7 % 2) (shape.x -1)
# stdout: x is 3 and false blue
# stdout: 14 20 -3 -1 2
