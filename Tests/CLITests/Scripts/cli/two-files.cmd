# args: zig-macro.cmdinc
# The file before this one defines `zig`: files share one session.
zig 2
show shape
# stdout: shape: at (2, 2), red
