move up
move down 2
paint red
undo 2
history
# stdout: 1  move up
# stdout: 2  move down 2   (undone)
# stdout: 3  paint red   (undone)
move left
history
# A new step drops the undone ones.
# stdout: 1  move up
# stdout: 2  move left
