# A parameter used before `.` stands for a receiver instance: the call names one whose
# type has every verb and query used on it, and passes it on to other macros.
new door back
macro shut d { $d.close; $d.lock }
macro shutBoth a b { shut $a; shut $b }
macro report d { if $d.locked { echo "locked" } else { echo "unlocked" } }
door.open
back.open
shutBoth door back
show door back
report back
undo
report back
show door back
macro walk s n { while $s.x < $n { $s.move right } }
walk shape 2
echo (shape.x)
history
# stdout: door: closed, locked
# stdout: back (door): closed, locked
# stdout: locked
# stdout: unlocked
# stdout: door: open, unlocked
# stdout: back (door): open, unlocked
# stdout: 2
# stdout: 1  new door back
# stdout: 2  door.open
# stdout: 3  back.open
# stdout: 4  shutBoth door back   (undone)
# stdout: 5  walk shape 2   (after 3)
