# `if`, `else if` and `else`: the first branch whose condition holds runs.
move right 3
if shape.x < 9 { move right } else { move left 9 }
if shape.colour == red { paint green } else if shape.colour == blue { paint red } else { paint blue }
show shape
if door.locked { door.unlock }
if not door.locked and not door.open { door.open }
show door
# stdout: shape: at (4, 0), red
# stdout: door: open, unlocked
