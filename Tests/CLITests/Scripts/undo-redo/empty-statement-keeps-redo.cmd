# A statement that runs no receiver command is not an undo step and keeps the redo stack.
move up
undo
repeat 0 { move down }
{ }
redo
show shape
# stdout: shape: at (0, 1), blue
undo
show shape
# stdout: shape: at (0, 0), blue
