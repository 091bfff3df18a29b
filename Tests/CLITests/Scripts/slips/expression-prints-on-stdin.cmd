# mode: stdin
# Piped standard input prints an expression's value too.
shape.y + 1
board.cell 2 2
# stdout: 1
# stdout: empty
