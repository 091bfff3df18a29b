#!/usr/bin/env cmdscript
# A whole game of tic-tac-toe, played by a strategy until someone wins or the board is
# full: each player takes the first free cell in an order of preference (the centre,
# the corners, the edges). The whole game is one statement, so one `undo` takes it back.
while board.winner == none {
  if board.free 2 2 { place 2 2 } else if board.free 1 1 { place 1 1 } else if board.free 3 3 {
    place 3 3
  } else if board.free 1 3 { place 1 3 } else if board.free 3 1 { place 3 1 } else if board.free 1 2 {
    place 1 2
  } else if board.free 2 1 { place 2 1 } else if board.free 2 3 { place 2 3 } else { place 3 2 }
}
echo "winner:" (board.winner) "after" (board.moves) "moves"
show board
undo
echo "after undo:" (board.moves) "moves"
# stdout: winner: O after 6 moves
# stdout: board:
# stdout:   O O O
# stdout:   . X .
# stdout:   X . X
# stdout:   winner: O
# stdout: after undo: 0 moves
