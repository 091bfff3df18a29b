# args: --on-error rollback
# Under `--on-error rollback` a failure takes back everything the run did, variables too:
# a session resumed after it would have none of them.
var n = 1
n = 5
{ n = 7; assert false "fails" }
# stderr: 6:10: error: fails
# stderr: cmdscript: the run was rolled back: undid 2 steps: `n = 5`, `var n = 1`
# exit: 1
