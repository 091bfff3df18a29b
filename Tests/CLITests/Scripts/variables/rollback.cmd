# args: --on-error continue
# A statement that fails after assigning variables leaves them as they were, under each
# error policy and in `try … else`.
var n = 1
var s = "before"
{ n = 2; s = "during"; move up; assert false "fails after assigning" }
show vars
try { n = 3; s = "in try"; assert false "fails in try" } else as e { echo "caught:" $e "n is" $n $s }
show vars
repeat 3 { n = $n + 10 }; n = $n / 0
show vars
echo (shape.y)
# stdout: n = 1
# stdout: s = "before"
# stdout: caught: fails in try n is 1 before
# stdout: n = 1
# stdout: s = "before"
# stdout: n = 31
# stdout: s = "before"
# stdout: 0
# stderr: 6:33: error: fails after assigning
# stderr: 10:34: error: division by zero
# exit: 1
