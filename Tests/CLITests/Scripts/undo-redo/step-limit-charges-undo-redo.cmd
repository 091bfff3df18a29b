# args: --max-steps 14
# What undo and redo make the receivers do counts against the step limit, as commands do:
# 5 moves, undone (5) and redone (5) is 15 steps, one more than the limit. The redo fails
# before it redoes anything, and the state stays where the undo left it.
{ move up; move up; move up; move up; move up }
undo
redo
# stderr: 7:1: error: the step limit was reached
# exit: 1
