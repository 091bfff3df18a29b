# `repeat COUNT as NAME`: inside the block `$NAME` is the turn, 1 to COUNT; turns nest,
# and a macro's body may use one too. A turn outside a parameter's range fails when it
# runs, rolled back.
# args: --on-error continue
repeat 3 as i { repeat 2 as j { echo $i $j ($i * $j) } }
macro row r { repeat 3 as c { if board.free $r $c { place $r $c } } }
row 2
show board
repeat 10 as n { move up $n; board.reset $n }
show shape
# stdout: 1 1 1
# stdout: 1 2 2
# stdout: 2 1 2
# stdout: 2 2 4
# stdout: 3 1 3
# stdout: 3 2 6
# stdout: board:
# stdout:   . . .
# stdout:   X O X
# stdout:   . . .
# stdout:   next: O
# stderr: 9:42: error: the value must be an integer from 3 to 9, not 1
# stdout: shape: at (0, 0), blue
# exit: 1
