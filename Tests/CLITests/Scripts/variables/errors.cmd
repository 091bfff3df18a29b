# Each mistake with a variable is a located compile error with the way to write it.
let k = 1
k = 2
var n = 1
n = "text"
x = 3
let k = 5
echo $nope
paint $n
# stderr: 3:1: error: `k` is bound by `let` and cannot be assigned: declare it with `var` to change it (did you mean `var k = …`?)
# stderr: 2:5: note: bound here
# stderr: 5:5: error: the value of `n` must be an integer, not a string
# stderr: 6:1: error: `x` is not a variable: declare it: `var x = 3` (did you mean `var x = 3`?)
# stderr: 7:5: error: `k` is bound by `let` and cannot be bound again here
# stderr: 2:5: note: bound here
# stderr: 8:6: error: unknown variable `$nope` (did you mean `var nope = 0`?)
# stderr: 9:7: error: `$n` is an integer; `colour` must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey)
# stderr: 4:5: note: declared here
# exit: 65
