# args: -f zig-macro.cmdinc
# The -f file before this script defines `zig`: files share one session.
zig 2
show shape
# stdout: shape: at (2, 2), red
