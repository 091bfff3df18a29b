# mode: stdin
# Line by line, each line is checked after the previous one ran: once the `new` of `b`
# is undone the name is free; while `b` exists, taking it is an error where it is written.
new door b
undo
new door b
b.lock
show b
new door b
# stdout: b (door): closed, locked
# stderr: 9:10: error: a receiver named `b` already exists
# exit: 65
