# Recovery skips a block opened inside the broken statement as a whole: one error, not
# a second one for the `}` that closes it.
repeat 2 3 { move up; paint red }
# stderr: 3:10: error: expected `{` to start a block, found `3`
# exit: 65
