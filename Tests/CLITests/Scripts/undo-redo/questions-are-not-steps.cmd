# show, help, history, use and macro definitions change no receiver: they are not undo
# steps, and they leave the redo stack alone.
move up
paint red
undo
show shape
help undo
history
use door
macro m { move down }
redo
show shape
undo 2
show shape
# stdout: shape: at (0, 1), blue
# stdout: undo [n]
# stdout:   undo the last n steps (default 1)
# stdout:   example: move up; paint red; undo 2
# stdout: 1  move up
# stdout: 2  paint red   (undone)
# stdout: shape: at (0, 1), red
# stdout: shape: at (0, 0), blue
