# Names are checked like everything else, before anything runs.
new dor back
new door shape
new door open
new door back
new door back
repeat 2 { new door x }
backk.open
# stderr: 2:5: error: unknown receiver type `dor` (did you mean `door`?)
# stderr: 3:10: error: a receiver named `shape` already exists
# stderr: 4:10: error: `open` is already the name of a macro or verb
# stderr: 6:10: error: a receiver named `back` already exists
# stderr: 7:12: error: `new` can only stand at the top level, not inside a block or macro
# stderr: 8:1: error: unknown receiver `backk` (did you mean `back`?)
# exit: 65
