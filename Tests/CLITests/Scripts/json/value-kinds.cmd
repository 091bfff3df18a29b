# Under --json a statement that is an expression prints its value as a JSON value of its
# kind, under "value" (`echo` prints a line of text under "echo"): an integer, a decimal, a
# boolean, a string; a query's word answer is a string.
# args: --json
1 - 1
# stdout: {"value": 0}
shape.x + 2
# stdout: {"value": 2}
"text"
# stdout: {"value": "text"}
door.locked
# stdout: {"value": false}
not door.locked
# stdout: {"value": true}
2.5
# stdout: {"value": 2.5}
(1 + 1.5)
# stdout: {"value": 2.5}
shape.color
# stdout: {"value": "blue"}
echo (1 + 1)
# stdout: {"echo": "2"}
