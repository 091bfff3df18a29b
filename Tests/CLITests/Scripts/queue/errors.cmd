# What is queued is checked at once, like a statement that runs.
queue paitn red
queue undo
batch 0
{ run }
queue
queue { history }
queue use door
# stderr: 2:7: error: unknown command `paitn` (did you mean `paint`?)
# stderr: 3:7: error: `undo` can only stand at the top level, not in a queued statement
# stderr: 4:7: error: `batch` takes a size of at least 1, or `off`
# stderr: 5:3: error: `run` can only stand at the top level, not inside a block or macro
# stderr: 6:6: error: expected a statement to queue after `queue`
# stderr: 7:9: error: `history` can only stand at the top level, not in a queued statement
# stderr: 8:7: error: `use` can only stand at the top level, not in a queued statement
# exit: 65
