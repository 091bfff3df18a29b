# A macro with `return` is called inside expressions as a query is, its arguments written
# as a query's; called as a statement, its value is printed as an expression statement's.
macro double n { return ($n * 2) }
echo (double 3 + 1)
if double shape.x > 4 { echo big } else { echo small }
move right 3
if double shape.x > 4 { echo big } else { echo small }
double 5
let d = double 4
echo $d "and" (double $d)
macro colour { return shape.colour }
echo (colour) (colour == blue) (colour == "blue")
macro greet who { return "hello " + $who }
greet world
echo (greet "you" + "!")
# stdout: 7
# stdout: small
# stdout: big
# stdout: 10
# stdout: 8 and 16
# stdout: blue true true
# stdout: hello world
# stdout: hello you!
