help repeat
help transaction
# stdout: repeat n [as i] { ... }
# stdout:   run the block n times, as one undo step; $i is the turn, 1 to n
# stdout:   example: repeat 4 as i { move right $i }
# stdout: transaction ["name"] { ... }
# stdout:   run the block all or nothing
# stdout:   example: transaction "enter" { door.unlock; door.open }
