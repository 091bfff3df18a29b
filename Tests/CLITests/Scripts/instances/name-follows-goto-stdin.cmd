# mode: stdin
# The same from a pipe: `d1` is the door the first `new` made, not the other branch's.
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
