# mode: stdin
# Python's `:` after a header is an error no later line can mend: the entry ends at its
# line (the lines after it are not read as its block).
if shape.x > 2:
  move up
# stderr: 4:15: error: unexpected `:`: a block is written in braces, not after `:`: `if CONDITION { ... }`
# exit: 65
