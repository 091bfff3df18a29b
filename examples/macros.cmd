#!/usr/bin/env cmdscript
# Macros and repeat: name a sequence of commands once, run it with arguments, and undo
# it as a single step.

# `repeat n { ... }` runs a block n times. The whole repeat is one undo step.
repeat 4 { move right 2 }
show shape
# stdout: shape: at (8, 0), blue
undo
show shape
# stdout: shape: at (0, 0), blue

# A macro takes parameters, written `$name` in its body. The checker works out what each
# parameter may be from how it is used: `$n` is a repeat count, so an integer ≥ 0.
macro zig n { repeat $n { move right; move up } }
zig 3
show shape
# stdout: shape: at (3, 3), blue

# `help` describes a macro, with the kinds the checker inferred for its parameters.
help zig
# stdout: macro zig n
# stdout:   $n: an integer ≥ 0
# stdout:   defined as:
# stdout:     macro zig n { repeat $n { move right; move up } }

# Macros call macros and pass their arguments on. `$colour` goes to `paint`, so only a
# colour is accepted: `box 2 pink` would be an error before anything runs.
macro box side colour { paint $colour; move right $side; move up $side; move left $side; move down $side }
macro stairs n colour { paint $colour; zig $n }
box 2 red
stairs 2 green
show shape
# stdout: shape: at (5, 5), green

# However many commands a macro runs, one `undo` reverts the whole call.
undo
show shape
# stdout: shape: at (3, 3), red
history
# stdout: 1  repeat 4 { move right 2 }   (undone)
# stdout: 2  zig 3   (after 0)
# stdout: 3  box 2 red
# stdout: 4  stairs 2 green   (undone)

# A repeat of macro calls is one step too; undo it, then redo it.
repeat 2 { zig 1; box 1 yellow }
show shape
# stdout: shape: at (5, 5), yellow
undo
show shape
# stdout: shape: at (3, 3), red
redo
show shape
# stdout: shape: at (5, 5), yellow
