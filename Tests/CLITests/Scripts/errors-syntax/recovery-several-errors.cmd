# Panic-mode recovery: every syntax error of the file is reported in one pass, and
# nothing runs (not even the `show` before the first error).
show shape
move up 3 4 5 @ 6
paint red; ); door.close
repeat 2 move up
show shape 42
macro { move up }
door.
undo 2 3
move left
# stderr: 4:15: error: unexpected character `@`
# stderr: 5:12: error: expected a statement, found `)`
# stderr: 6:10: error: expected `{` to start a block, found `move`
# stderr: 7:12: error: expected `;` or a line break after the statement, found `42`
# stderr: 8:7: error: expected a macro name, found `{`
# stderr: 9:6: error: expected a verb after `door.`, found a line break
# stderr: 10:8: error: expected `;` or a line break after the statement, found `3`
# exit: 65
