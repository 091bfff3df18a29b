# args: --max-steps 14 --on-error continue
# A move through the tree counts the steps it undoes and redoes: `goto 1` after `undo`
# would redo 5 commands (15 in all), so it fails, changing nothing; `echo` still runs.
{ move up; move up; move up; move up; move up }
undo
goto 1
echo (shape.y)
# stdout: 0
# stderr: 6:1: error: the step limit was reached
# exit: 1
