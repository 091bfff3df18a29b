# bytes: no-final-newline
# mode: stdin
# stdout: shape: at (0, 1), blue
# stderr: 7:1: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
move up; show shape
paitn red