# An operator is a help topic too.
help ==
# stdout: a == b
# stdout:   holds if the values are equal (numbers, words, strings, booleans)
# stdout:   example: if board.winner == X { echo "X won" }
