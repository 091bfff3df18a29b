macro loop n { move up $n; loop $n }
# stderr: 1:28: error: macro `loop` cannot call itself: recursion could never end
# exit: 65
