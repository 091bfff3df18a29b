# mode: stdin
# Each line is checked and run as it arrives: the lines before the error ran and
# stay; the erroneous line does not run; the run ends there with 65.
move up
show shape
move up; paitn red
show shape
# stdout: shape: at (0, 1), blue
# stderr: 6:10: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
