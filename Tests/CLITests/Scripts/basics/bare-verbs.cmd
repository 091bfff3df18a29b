# A verb only one receiver has needs no receiver name.
open
show door
close; lock
show door
unlock
place 1 1
place 3 3
show board
move down
show shape
# stdout: door: open, unlocked
# stdout: door: closed, locked
# stdout: board:
# stdout:   X . .
# stdout:   . . .
# stdout:   . . O
# stdout:   next: X
# stdout: shape: at (0, -1), blue
