# A statement that is an expression prints its value, as `echo ( … )` does (as python3's
# and lua's prompts do), in scripts and on standard input as at the prompt.
move right 3
shape.x
board.winner
1 + 2
not door.locked
"text"
(shape.x * 2)
# stdout: 3
# stdout: none
# stdout: 3
# stdout: true
# stdout: text
# stdout: 6
