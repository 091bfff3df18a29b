# A query with arguments compared, standing alone: the comparison's value.
board.cell 1 1 == board.next
place 1 1
board.cell 1 1 == X
# stdout: false
# stdout: true
