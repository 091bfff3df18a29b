# A parameter must be usable in every slot it fills.
macro m a { move $a; paint $a }
macro n b { board.place $b 1; move up $b }
n 1
# The second macro is fine: its parameter must be an integer from 1 to 9.
# stderr: 2:28: error: parameter `$a` is used as a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey) here, but as a direction (up, down, left, right) before
# stderr: 2:18: note: first used here
# exit: 65
