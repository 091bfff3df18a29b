# Outside a loop `break` and `continue` are compile errors; a macro's `break` never ends a
# loop around its call.
break
if true { continue }
macro m { break }
repeat 2 { m }
# stderr: 3:1: error: `break` must stand in a `repeat` or `while` loop
# stderr: 4:11: error: `continue` must stand in a `repeat` or `while` loop
# stderr: 5:11: error: `break` must stand in a `repeat` or `while` of the macro's body: it does not end a loop around the call
# exit: 65
