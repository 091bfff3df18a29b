# The words of the language cannot name a receiver made with `new`, as they cannot name
# a macro: nothing could use it. `as` after the type is a guess from `repeat … as`.
new door while
new door if
new door as
new door true
new door undo
new door as back
# stderr: 3:10: error: `while` is a word of the language and cannot name a receiver
# stderr: 4:10: error: `if` is a word of the language and cannot name a receiver
# stderr: 5:10: error: `as` is a word of the language and cannot name a receiver
# stderr: 6:10: error: `true` is a word of the language and cannot name a receiver
# stderr: 7:10: error: `undo` is a word of the language and cannot name a receiver
# stderr: 8:10: error: a new receiver's name follows its type: write `new door back`
# exit: 65
