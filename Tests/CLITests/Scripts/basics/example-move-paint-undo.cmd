# The first example of the issue, verbatim: `undo` reverts only the paint.
move up; paint red; undo
show shape
# stdout: shape: at (0, 1), blue
