# The whole file is checked first: an error on the last line means nothing runs.
move up
show shape
door.open
paitn red
# stderr: 5:1: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
