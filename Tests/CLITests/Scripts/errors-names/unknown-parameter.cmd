macro go dir { move $dri }
move up $n
# stderr: 1:21: error: macro `go` has no parameter `$dri` (did you mean `$dir`?)
# stderr: 2:9: error: parameter `$n` used outside a macro
# exit: 65
