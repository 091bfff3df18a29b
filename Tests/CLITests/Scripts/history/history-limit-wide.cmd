# args: --history-limit 3
# The README's `--history-limit 1000` after 10,000 steps, in small: numbers of two
# widths are right-aligned.
repeat 1 { move up }
move up
move up
move up
move up
move up
move up
move up
move up
move up
move up
undo 2
history
# stdout:  9  move up
# stdout: 10  move up   (undone)
# stdout: 11  move up   (undone)
