# Comparisons with parameters and variables never answer wrongly by kind: a word kind
# compares with a bare word and with a string of the same text.
macro m c { paint $c; echo ($c == "red") ($c != "red") }
m red
m blue
macro k c { if $c == red { echo "red it is" } else { echo "not red" } }
k red
k green
macro both c { if $c == red { move up }; paint $c }
both red
echo (shape.y)
var v = teal
echo ($v == teal) ($v == "teal") ("teal" == $v) (shape.colour == "red")
# stdout: true false
# stdout: false true
# stdout: red it is
# stdout: not red
# stdout: 1
# stdout: true true true true
