move right 9223372036854775807
show shape
move right
# stdout: shape: at (9223372036854775807, 0), blue
# stderr: 3:1: error: shape: move would take the shape out of range
# exit: 1
