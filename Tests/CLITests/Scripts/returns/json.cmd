# args: --json
# A macro that returns a value, called as a statement, prints it as an expression
# statement does: under --json, as a value.
macro double n { return ($n * 2) }
double 5
macro atStart { return shape.x == 0 }
atStart
# stdout: {"value": 10}
# stdout: {"value": true}
