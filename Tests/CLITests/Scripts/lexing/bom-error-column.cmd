paitn red
# bytes: bom
# Columns do not count the byte-order mark.
# stderr: 1:1: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
