# The move that ends a game says how it ended, as `undo` says what it undid (with -v, as
# the REPL always does): a row, a column, either diagonal, or a draw. Other moves say
# nothing, and a move undone and made again says it again.
# args: -v
board.place 1 1; board.place 2 1; board.place 1 2; board.place 2 2
board.place 1 3
# stdout: X wins (row 1)
undo
# stdout: undid `board.place 1 3`
board.place 1 3
# stdout: X wins (row 1)
board.reset
board.place 1 2; board.place 1 1; board.place 2 2; board.place 1 3; board.place 3 3
board.place 2 1; board.place 3 2
# stdout: X wins (column 2)
board.reset
{ board.place 1 1; board.place 1 2; board.place 2 2; board.place 1 3; board.place 3 3 }
# stdout: X wins (diagonal)
board.reset
board.place 1 1; board.place 1 3; board.place 1 2; board.place 2 2; board.place 3 3
board.place 3 1
# stdout: O wins (anti-diagonal)
board.reset
board.place 1 1; board.place 1 2; board.place 1 3; board.place 2 2; board.place 2 1
board.place 2 3; board.place 3 2; board.place 3 1
board.place 3 3
# stdout: draw
