# The macro example of the issue, verbatim.
macro zig n { move up $n; move right $n }
zig 3
show shape
# stdout: shape: at (3, 3), blue
undo
show shape
# One call is one undo step.
# stdout: shape: at (0, 0), blue
