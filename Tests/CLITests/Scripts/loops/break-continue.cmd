# `break` ends the innermost `repeat` or `while`; `continue` goes on with its next turn
# (in `repeat N as i`, with the next `$i`).
repeat 6 as i { if $i % 2 == 0 { continue }; echo "odd" $i }
var n = 0
while true { n = $n + 1; if $n >= 4 { break } }
echo "n is" $n
repeat 3 as i { repeat 5 as j { if $j > $i { break }; echo $i $j } }
repeat 4 { move right; if shape.x == 2 { break } }
echo (shape.x)
while shape.x < 6 { move right; try { if shape.x == 4 { break } } }
echo (shape.x)
# stdout: odd 1
# stdout: odd 3
# stdout: odd 5
# stdout: n is 4
# stdout: 1 1
# stdout: 2 1
# stdout: 2 2
# stdout: 3 1
# stdout: 3 2
# stdout: 3 3
# stdout: 2
# stdout: 4
