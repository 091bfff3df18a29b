# Under the default error policy the failing statement is rolled back whole, what a
# macro called in it did included, and the run stops there.
macro step n { move right $n; return shape.x }
echo (step 2)
echo (step 3 / 0)
echo (shape.x)
# stdout: 2
# stderr: 5:14: error: division by zero
# exit: 1
