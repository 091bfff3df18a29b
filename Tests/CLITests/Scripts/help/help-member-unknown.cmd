# A misspelt member gets a suggestion; nothing runs.
help shape.mvoe
# stderr: 2:6: error: no help on `shape.mvoe` (did you mean `shape.move`?)
# exit: 65
