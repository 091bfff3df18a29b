# A parameter used with no other constraint is "an integer", not a range of all of them.
macro m c { echo ($c + 1) }
m red
# stderr: 3:3: error: `$c` must be an integer, not the word `red`
# exit: 65
