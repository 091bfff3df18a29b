# `+` with a string on either side joins the texts of its sides, so text can stand next
# to a value without a space; a word is its text.
move right 3
echo ("(" + shape.x + ", " + shape.y + ")")
echo ("winner: " + board.winner + ", colour " + shape.colour + ", " + (1 + 2) + ", " + true)
macro tell c { echo ("painting " + $c); paint $c }
tell red
# stdout: (3, 0)
# stdout: winner: none, colour blue, 3, true
# stdout: painting red
