move 3up
move up 99999999999999999999
move up $
move up -2
# stderr: 1:6: error: a word cannot start with a digit: `3up`
# stderr: 2:9: error: integer `99999999999999999999` is too large
# stderr: 3:9: error: `$` must be followed by a parameter name
# stderr: 4:9: error: `steps` must be an integer ≥ 1, not -2
# exit: 65
