# A line too long to show whole is cut around the error, with `…` where it is cut.
move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; paitn red; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up; move up
# stderr-full: 2:361: error: unknown command `paitn` (did you mean `paint`?)
# stderr-full:     …ove up; move up; move up; move up; move up; move up; move up; move up; move up; paitn red; move up; move up; move up; move up; move up; move up; move up; move u…
# stderr-full:                                                                                      ^~~~~
# exit: 65
