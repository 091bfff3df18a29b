# A variable is declared with `var`, assigned with `NAME = VALUE` and read as `$NAME`; a
# `let` name is bound once. Values are written as the language writes them.
var n = 0
let start = shape.x
var c = red
var s = "a"
var half = 0.5
var ok = true
while $n < 3 { move right; n = $n + 1 }
paint $c
c = green
s = $s + "b" + $n
echo "n is $n, c is $c" ($n * 2) (shape.x - $start)
if shape.colour == $c { echo "not yet" } else { echo "still" $c }
show vars
# stdout: n is 3, c is green 6 3
# stdout: still green
# stdout: n = 3
# stdout: start = 0
# stdout: c = green
# stdout: s = "ab3"
# stdout: half = 0.5
# stdout: ok = true
