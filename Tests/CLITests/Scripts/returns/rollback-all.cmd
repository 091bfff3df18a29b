# args: --on-error rollback
# Under `--on-error rollback` a failure takes back the whole run, what macros called in
# expressions did included.
macro step n { move right $n; return shape.x }
var x = step 2
{ x = step 1; assert false "fails" }
# stderr: 6:15: error: fails
# stderr: cmdscript: the run was rolled back: undid `var x = step 2`
# exit: 1
