# Words of two sets that share words compare as the words they are: `board.cell` answers
# empty, X or O, `board.next` X or O.
place 1 1
if board.cell 1 1 == board.next { echo "same" } else { echo "different" }
if board.cell 1 1 != board.next { echo "X took 1 1, O is next" }
# stdout: different
# stdout: X took 1 1, O is next
