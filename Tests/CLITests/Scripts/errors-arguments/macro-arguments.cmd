macro zig n { move up $n; move right $n }
zig
zig 1 2
zig x
zig 0
# stderr: 2:1: error: macro `zig` takes 1 argument (n), got 0
# stderr: 3:7: error: macro `zig` takes 1 argument (n), got 2
# stderr: 4:5: error: `$n` must be an integer ≥ 1, not the word `x`
# stderr: 5:5: error: `$n` must be an integer ≥ 1, not 0
# exit: 65
