# Every operand's kind is known before anything runs: each mistake is reported at its
# place, and nothing runs.
move up
if board.winner == Z { }
if shape.x { }
if shape.x == red { }
if door.lockd { }
while 1 < 2 < 3 { }
if door.open + 1 > 2 { }
move up (door.open)
echo (not shape.x)
repeat 2 as i { paint $i }
# stderr: 4:20: error: `Z` is not one of none, X, O, draw (did you mean `X`?)
# stderr: 5:4: error: a condition must be a boolean, not an integer
# stderr: 6:15: error: the right of `==` must be an integer, not the word `red`
# stderr: 7:9: error: `door` has no query `lockd` (did you mean `locked`?)
# stderr: 8:13: error: comparisons do not chain: put one in parentheses
# stderr: 9:4: error: the operand of `+` must be an integer, not a boolean
# stderr: 10:10: error: `steps` must be an integer, not a boolean
# stderr: 11:11: error: the operand of `not` must be a boolean, not an integer
# stderr: 12:23: error: `$i` is the turn of `repeat … as i`, an integer; here it must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey)
# exit: 65
