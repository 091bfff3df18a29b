# A query given to a call (or a command) as a statement's argument is written in
# parentheses; inside an expression a call takes `receiver.query` as it is.
macro double n { return ($n * 2) }
echo (double shape.x + 1)
double shape.x
# stderr: 5:13: error: a query given as an argument is written in parentheses: `(shape.x)`
# exit: 65
