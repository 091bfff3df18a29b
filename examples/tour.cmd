#!/usr/bin/env cmdscript
# A first tour of CommandScript: a shape that moves and is painted.
# Run it with `cmdscript examples/tour.cmd`. The `# stdout:` lines are what it prints.

# The shape starts at (0, 0), painted blue. `show` prints the state of a receiver.
show shape
# stdout: shape: at (0, 0), blue

# Commands are separated by `;` or a line break. `move` takes a direction and an
# optional number of steps (default 1).
move up; move right 3
paint red
show shape
# stdout: shape: at (3, 1), red

# `shape.move` names the receiver explicitly; a bare `move` works because only the
# shape has that verb. `gray` is an alias of `grey`.
shape.move down 2; paint gray
show shape
# stdout: shape: at (3, -1), grey

# Every statement is one undo step, and `undo` really reverts it: the colour comes back.
undo
show shape
# stdout: shape: at (3, -1), red

# `undo` and `redo` take a count.
undo 2
show shape
# stdout: shape: at (3, 1), blue
redo
show shape
# stdout: shape: at (3, 1), red

# `history` lists the undo steps, oldest first; undone steps can still be redone.
history
# stdout: 1  move up
# stdout: 2  move right 3
# stdout: 3  paint red
# stdout: 4  shape.move down 2   (undone)
# stdout: 5  paint gray   (undone)

# A new statement clears what could be redone.
move left 3
history
# stdout: 1  move up
# stdout: 2  move right 3
# stdout: 3  paint red
# stdout: 4  shape.move down 2   (undone)
# stdout: 5  paint gray   (undone)
# stdout: 6  move left 3   (after 3)
show shape
# stdout: shape: at (0, 1), red

# Undo everything: back where we started.
undo 4
show shape
# stdout: shape: at (0, 0), blue
