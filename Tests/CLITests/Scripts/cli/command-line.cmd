# mode: none
# args: -c 'move up; paint red; undo; show shape'
# stdout: shape: at (0, 1), blue
