# A `for` loop is `repeat N as NAME` here.
for i in 1 2 3 { move up }
# stderr: 2:1: error: `for` is not a word of this language: loops are `repeat N as NAME { ... }` (`$NAME` is the turn) and `while CONDITION { ... }`
# exit: 65
