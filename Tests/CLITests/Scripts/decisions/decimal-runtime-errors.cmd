# Decimal division by zero, and a result too large to be finite, fail at the operator;
# the statement is rolled back.
move up 2
{ move up 1; echo (1.5 / 0) }
echo (1.0e300 * 1.0e300)
show shape
# stderr: 4:24: error: division by zero
# stderr: 5:15: error: decimal overflow in `*`
# stdout: shape: at (0, 2), blue
# exit: 1
# args: --on-error continue
