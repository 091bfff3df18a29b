# args: --max-steps 5
# Each `break` and `continue` counts as a step.
repeat 10 { continue }
# stderr: 3:13: error: the step limit was reached
# exit: 1
