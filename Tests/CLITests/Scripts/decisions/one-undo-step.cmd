# However many branches and turns it ran, a top-level statement is one undo step.
while shape.x < 4 { move right; if shape.x == 2 { paint red } }
show shape
history
undo
show shape
# stdout: shape: at (4, 0), red
# stdout: 1  while shape.x < 4 { move right; if shape.x == 2 { paint red } }
# stdout: shape: at (0, 0), blue
