# Where the name may be free (an `undo` came after the `new`), the check leaves it to the
# run: a redo that brings the first receiver back makes the second `new` fail there.
new door b
undo
redo
new door b
# stderr: 6:10: error: a receiver named `b` already exists
# exit: 1
