# args: --on-error continue
# Arithmetic that would overflow or divide by zero fails at its operator; a value outside
# a parameter's range fails at its expression. Each statement is rolled back.
move up (1 / 0)
move up (shape.x)
echo (9223372036854775807 + 1) (5 % 0)
echo (board.cell 4 4)
show shape
# stderr: 4:12: error: division by zero
# stderr: 5:9: error: the value must be an integer ≥ 1, not 0
# stderr: 6:27: error: integer overflow in `+`
# stderr: 7:7: error: board: cell 4 4 is outside the 3×3 board
# stdout: shape: at (0, 0), blue
# exit: 1
