# An argument used as a receiver must name one.
# mode: none
# args: no-receiver.cmd dor
$1.lock
# stderr: 4:1: error: `$1` is `dor`, which names no receiver (did you mean `door`?)
# stderr: note: usage: no-receiver.cmd RECEIVER
# exit: 65
