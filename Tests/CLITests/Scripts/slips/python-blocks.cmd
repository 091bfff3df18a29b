# Python's words and its `:` get the way to write them here.
for i in range(3):
    move up
def f(n):
    move up
while true:
    move up
x += 1
var n = 1
n -= 2
# stderr: 2:18: error: unexpected `:`: a loop is written `repeat 3 as i { ... }` (`$i` is the turn, from 1)
# stderr: 4:9: error: unexpected `:`: `def` is not a word of this language: a macro is defined with `macro NAME [PARAM...] { ... }`
# stderr: 6:11: error: unexpected `:`: a block is written in braces, not after `:`: `while CONDITION { ... }`
# stderr: 8:3: error: `+=` is not a word of this language: write `x = $x + 1` (did you mean `x = $x + 1`?)
# stderr: 10:3: error: `-=` is not a word of this language: write `n = $n - 2` (did you mean `n = $n - 2`?)
# exit: 65
