# The commands a macro runs when called in an expression are part of the statement that
# called it: one undo step with it, undone and redone with it.
macro step n { move right $n; return shape.x }
echo (step 2)
echo (step 3 + step 1)
history
undo
echo (shape.x)
undo
echo (shape.x)
redo 2
echo (shape.x)
# stdout: 2
# stdout: 11
# stdout: 1  echo (step 2)
# stdout: 2  echo (step 3 + step 1)
# stdout: 2
# stdout: 0
# stdout: 6
