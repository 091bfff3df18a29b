# Errors inside a block are recovered at `;`, line breaks and the closing `}`; the
# statements around them are still checked.
repeat 2 {
  move up 1 1 1
  paitn red; )
  door.open }
show door
# stderr: 4:13: error: `move` takes at most 2 arguments (usage: move <direction> [steps])
# stderr: 5:3: error: unknown command `paitn` (did you mean `paint`?)
# stderr: 5:14: error: expected a statement, found `)`
# exit: 65
