# mode: none
# args: -c 'move up; paitn red'
# stderr: 1:10: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
