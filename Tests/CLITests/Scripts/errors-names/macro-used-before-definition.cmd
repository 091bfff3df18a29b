# A macro exists from its definition on.
zig 1
macro zig n { move up $n }
# stderr: 2:1: error: unknown command `zig`
# exit: 65
