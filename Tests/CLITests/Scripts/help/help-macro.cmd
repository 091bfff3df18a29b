# Help on a macro says what the checker worked out for each parameter, and shows the
# definition as written.
macro go d n { move $d $n; board.place $n 1 }
help go
# stdout: macro go d n
# stdout:   $d: a direction (up, down, left, right)
# stdout:   $n: an integer from 1 to 9
# stdout:   defined as:
# stdout:     macro go d n { move $d $n; board.place $n 1 }
