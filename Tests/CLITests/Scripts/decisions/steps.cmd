# args: --max-steps 100
# Loop turns count as steps, so a loop that runs no command is bounded too.
while true { }
# stderr: 3:1: error: the step limit was reached
# exit: 1
