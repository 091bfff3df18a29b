# `help NAME` of a macro with `return` says what it returns.
macro double n { return ($n * 2) }
help double
# stdout: macro double n
# stdout:   $n: an integer
# stdout:   returns an integer: call it in expressions
# stdout:   defined as:
# stdout:     macro double n { return ($n * 2) }
