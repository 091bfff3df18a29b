# A name stands for the receiver by that name in the state the tree is in: after `goto 1`
# `d1` is the door the first `new` made (locked here), not the one of the other branch.
new door d1; undo; new door d1
goto 1
d1.lock
echo (d1.locked)
show d1
goto 2
echo (d1.locked)
d1.lock
undo
echo (d1.locked)
# stdout: true
# stdout: d1 (door): closed, locked
# stdout: false
# stdout: false
