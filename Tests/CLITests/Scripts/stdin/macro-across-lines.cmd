# mode: stdin
macro zig n {
  move up $n
  move right $n
}
zig 2
show shape
zig 1; show shape
# stdout: shape: at (2, 2), blue
# stdout: shape: at (3, 3), blue
