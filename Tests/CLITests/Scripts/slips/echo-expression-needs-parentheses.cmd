# `echo` takes an expression in parentheses; without them the error says where to put them.
echo shape.x
echo 1 + 2
echo "x is" shape.x + 1
# stderr: 2:11: error: put the expression in parentheses: `echo (shape.x)`
# stderr: 3:8: error: put the expression in parentheses: `echo (1 + 2)`
# stderr: 4:18: error: put the expression in parentheses: `echo "x is" (shape.x + 1)`
# exit: 65
