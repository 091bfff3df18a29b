# args: --check
show
paitn red
# stderr: 3:1: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
