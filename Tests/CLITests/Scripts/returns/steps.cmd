# args: --max-steps 3
# Each call of a macro and each `return` counts as a step for --max-steps.
macro next n { return ($n + 1) }
echo (next 1 + next 2)
# stderr: 3:16: error: the step limit was reached
# stderr: 4:16: note: in macro `next` called here
# exit: 1
