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

# A new statement after `undo` starts a branch: the undone steps stay in the tree
# (`history` still lists them, and `goto` reaches them), and `redo` now follows the new
# branch. `(after 3)` says where the new step branches off.
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

# `goto N` goes to the state after step N, on any branch; `earlier N` and `later N` walk
# through the states in the order they were made (as Vim's g- and g+), across branches.
goto 5
show shape
# stdout: shape: at (3, -1), grey
earlier 1
show shape
# stdout: shape: at (3, -1), red
later 2
show shape
# stdout: shape: at (0, 1), red

# Undo everything: back where we started.
undo 4
show shape
# stdout: shape: at (0, 0), blue
