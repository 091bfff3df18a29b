# `=` in a condition compares as `==`.
if shape.x = 0 { move up }
while board.moves = 0 { place 1 1 }
# stderr: 2:12: error: unexpected `=`: `=` does not compare: write `==`
# stderr: 3:19: error: unexpected `=`: `=` does not compare: write `==`
# exit: 65
