# A macro with receiver parameters returns a value as any other, checked for each receiver
# a call gives it.
macro pos d { return $d.x }
move right 2
pos shape
echo (pos shape + 1)
macro isopen d { return $d.open }
echo (isopen door)
new door back
back.open
echo (isopen back)
# stdout: 2
# stdout: 3
# stdout: false
# stdout: true
