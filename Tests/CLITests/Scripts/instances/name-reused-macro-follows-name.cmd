# A name in a macro stands for the receiver by that name when the macro runs: after the
# first `b`'s `new` is undone and the name taken again, `lockb` locks the new `b` (names
# follow the state, as after a move through the tree; it used to fail).
new door b
macro lockb { b.lock }
undo
new door b
lockb
show b
# stdout: b (door): closed, locked
