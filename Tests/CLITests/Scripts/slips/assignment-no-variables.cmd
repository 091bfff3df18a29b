# `x = 5` for an undeclared `x` says to declare it; `set x 5` says how variables are written.
x = 5
set x 5
# stderr: 2:1: error: `x` is not a variable: declare it: `var x = 5` (did you mean `var x = 5`?)
# stderr: 3:1: error: unknown command `set`: a variable is declared with `var NAME = VALUE` and read as `$NAME`; `let NAME = VALUE` names a value
# exit: 65
