paitn red
mvoe up 2
fly
# stderr: 1:1: error: unknown command `paitn` (did you mean `paint`?)
# stderr: 2:1: error: unknown command `mvoe` (did you mean `move`?)
# stderr: 3:1: error: unknown command `fly`
# exit: 65
