# There are no variables: `x = 5` and `set x 5` say so, and where the state is.
x = 5
set x 5
# stderr: 2:3: error: unexpected `=`: there are no variables: receivers hold the state (ask `shape.x`), and macros take parameters (`macro m n { move up $n }`)
# stderr: 3:1: error: unknown command `set`: there are no variables: receivers hold the state (ask `shape.x`), and macros take parameters (`macro m n { move up $n }`)
# exit: 65
