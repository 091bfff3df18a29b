# A name is free once the `new` that took it is undone: `new` may take it again, for a
# receiver of any type, and names resolve to the new one. The second `new` is a new undo
# step, so it clears the redo stack and the first `new` cannot come back.
new door b
macro lockb { b.lock }
lockb
undo 2
new door b
redo
show b
b.lock
undo 2
new shape b
b.move up 2
show b
history
# stdout: b (door): closed, unlocked
# stdout: b (shape): at (0, 2), blue
# stdout: 1  new door b   (undone)
# stdout: 2  lockb   (undone)
# stdout: 3  new door b   (undone)   (after 0)
# stdout: 4  b.lock   (undone)
# stdout: 5  new shape b   (after 0)
# stdout: 6  b.move up 2
# stderr: 9:1: warning: nothing to redo
