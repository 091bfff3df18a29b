# args: --max-steps 16
# Within the limit, undo and redo run as ever: 5 + 5 + 5 steps of 16.
{ move up; move up; move up; move up; move up }
undo
redo
echo (shape.y)
# stdout: 5
