# args: --on-error continue
# A statement that fails after a macro it called in an expression ran commands and
# assigned variables is rolled back whole, in `try … else` too.
var calls = 0
macro step n { move right $n; calls = $calls + 1; return shape.x }
echo (step 2 / 0)
show vars
echo (shape.x)
try { echo (step 5); assert shape.x < 3 "too far" } else as e { echo "caught:" $e (shape.x) $calls }
echo (shape.x) $calls
if step 1 > 0 { move up; assert false "after the call" }
echo (shape.x) (shape.y) $calls
# stdout: calls = 0
# stdout: 0
# stdout: 5
# stdout: caught: too far 0 0
# stdout: 0 0
# stdout: 0 0 0
# stderr: 6:14: error: division by zero
# stderr: 11:26: error: after the call
# exit: 1
