move up 0
board.place 0 1
board.place 1 10
board.reset 2
repeat -1 { move up }
# stderr: 1:9: error: `steps` must be an integer ≥ 1, not 0
# stderr: 2:13: error: `row` must be an integer from 1 to 9, not 0
# stderr: 3:15: error: `col` must be an integer from 1 to 9, not 10
# stderr: 4:13: error: `size` must be an integer from 3 to 9, not 2
# stderr: 5:8: error: the repeat count must be an integer ≥ 0, not -1
# exit: 65
