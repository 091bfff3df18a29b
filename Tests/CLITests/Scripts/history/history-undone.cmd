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
# A new step starts a branch: the undone steps stay in the tree (`goto 3` reaches them),
# and the new one is numbered after every step made.
# stdout: 1  move up
# stdout: 2  move down 2   (undone)
# stdout: 3  paint red   (undone)
# stdout: 4  move left   (after 1)
