# `return` inside a loop ends the macro, not just the loop; `while true` that only a
# `return` leaves needs no `return` after it.
macro root n { repeat $n as i { if $i * $i >= $n { return $i } }; return 0 }
echo (root 20) (root 0)
macro walk limit { while true { move right; if shape.x >= $limit { return shape.x } } }
echo (walk 3)
var total = 0
repeat 2 { total = $total + walk 5 }
echo $total (shape.x)
# stdout: 5 0
# stdout: 3
# stdout: 11 6
