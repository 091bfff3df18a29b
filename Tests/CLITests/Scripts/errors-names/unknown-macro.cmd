macro zig n { move up $n; move right $n }
zgi 3
zag 3
# stderr: 2:1: error: unknown command `zgi` (did you mean `zig`?)
# stderr: 3:1: error: unknown command `zag` (did you mean `zig`?)
# exit: 65
