# args: --on-error continue --history-limit 3
# Assignments and conditions on variables in loops, as flat code runs them (`$i + 1`,
# `$i - 1`, a constant, a condition on an integer, a boolean or a word variable): undone,
# redone and rolled back with their statement; an overflow fails as the tree interpreter's
# does; a step the history limit drops keeps the records of the steps after it in order.
var i = 0
var done = false
var c = red
while $i < 5 { i = $i + 1; if $i == 3 { c = blue } }
while not $done { i = $i - 1; if 2 > $i { done = true } }
show vars
undo
show vars
redo
while $c == blue { i = 9223372036854775806; i = $i + 1; i = $i + 1 }
show vars
repeat 4 { i = 7 }
undo
show vars
undo
undo
show vars
var k = 1
undo
repeat 2 { k = 5 }
# stdout: i = 1
# stdout: done = true
# stdout: c = blue
# stdout: i = 5
# stdout: done = false
# stdout: c = blue
# stdout: i = 1
# stdout: done = true
# stdout: c = blue
# stdout: i = 1
# stdout: done = true
# stdout: c = blue
# stdout: i = 0
# stdout: done = false
# stdout: c = red
# stderr: 15:64: error: integer overflow in `+`
# stderr: 25:12: error: `$k` has no value: the statement that declared it did not run, or was undone
# exit: 1
