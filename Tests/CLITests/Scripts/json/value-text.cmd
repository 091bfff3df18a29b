# Without --json a statement that is an expression prints its value as `echo` does.
1 - 1
# stdout: 0
"text"
# stdout: text
not door.locked
# stdout: true
2.5
# stdout: 2.5
shape.color
# stdout: blue
