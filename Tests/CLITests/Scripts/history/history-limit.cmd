# args: --history-limit 1
# Under a limit the steps kept are numbered as they were made, not from 1: `history` lines
# them up by the widest number (it used to abort with "Negative count not allowed").
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
history
# stdout: 10  move up
undo
history
# stdout: 10  move up   (undone)
