# `help RECEIVER.VERB` and `help RECEIVER.QUERY` tell about one member of one receiver;
# `help KIND` lists a word kind's words and which verbs and queries use them.
new door back
help shape.move
help back.locked
help direction
# stdout: shape.move <direction> [steps]    move some steps in a direction
# stdout:     direction: direction (up down left right)
# stdout:     steps: integer ≥ 1, default 1
# stdout: back.locked                      whether it is locked: boolean
# stdout: direction: one of up, down, left, right
# stdout:   used by shape.move
