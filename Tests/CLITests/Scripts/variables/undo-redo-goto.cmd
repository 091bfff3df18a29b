# An assignment is part of its statement's undo step: undone, redone and moved through
# the tree with it, and listed by `history`.
var n = 1
n = $n + 1
repeat 3 { n = $n * 2 }
undo
show vars
undo 2
show vars
redo
show vars
n = 100
goto 3
show vars
later 1
show vars
earlier 4
show vars
history
# stdout: n = 2
# stdout: n = 1
# stdout: n = 16
# stdout: n = 100
# stdout: 1  var n = 1   (undone)
# stdout: 2  n = $n + 1   (undone)
# stdout: 3  repeat 3 { n = $n * 2 }   (undone)
# stdout: 4  n = 100   (undone)   (after 1)
