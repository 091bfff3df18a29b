# mode: stdin
# args: --check
door.lock; door.open
show
macro zig n { move up $n }
zig x
# stderr: 6:5: error: `$n` must be an integer ≥ 1, not the word `x`
# exit: 65
