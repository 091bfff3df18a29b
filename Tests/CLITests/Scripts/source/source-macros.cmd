# `source` checks and runs another script here: its macros stay defined for what follows,
# and each of its statements is its own undo step.
source "shapes.cmdinc"
zig 2
show shape
undo 2
show shape
history
# stdout: shape: at (3, 3), blue
# stdout: shape: at (0, 0), blue
# stdout: 1  zig 1   (undone)
# stdout: 2  zig 2   (undone)
