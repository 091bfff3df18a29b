# Used as a row (1 to 9) and as steps (at least 1), `$k` must be from 1 to 9.
macro m k { board.place $k $k; move up $k }
m 9
m 10
# stderr: 4:3: error: `$k` must be an integer from 1 to 9, not 10
# exit: 65
