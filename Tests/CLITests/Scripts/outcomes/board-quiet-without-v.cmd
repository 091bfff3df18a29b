# Without -v a script's winning move prints nothing, as its other statements that print
# nothing do; `board.winner` and `show board` tell.
board.place 1 1; board.place 2 1; board.place 1 2; board.place 2 2; board.place 1 3
echo (board.winner)
# stdout: X
