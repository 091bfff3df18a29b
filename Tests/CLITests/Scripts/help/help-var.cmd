# `help var` says what it is, with an example.
help var
# stdout: var name = value
# stdout:   declare a variable: name = value assigns it, undone with its step
# stdout:   example: var n = 0; while $n < 3 { move up; n = $n + 1 }
