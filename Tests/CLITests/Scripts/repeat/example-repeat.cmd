# The repeat example of the issue, verbatim.
repeat 4 { move right; paint green }
show shape
# stdout: shape: at (4, 0), green
undo
show shape
# stdout: shape: at (0, 0), blue
