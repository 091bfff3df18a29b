# A macro names the receiver it was defined with: after that receiver's `new` is undone
# and the name taken again, the macro fails at run time, rolled back, as it did before.
new door b
macro lockb { b.lock }
undo
new door b
lockb
# stderr: 4:15: error: receiver `b` does not exist: the `new` that made it was undone
# stderr: 7:1: note: in macro `lockb` called here
# exit: 1
