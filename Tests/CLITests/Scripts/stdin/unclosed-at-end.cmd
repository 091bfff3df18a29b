# mode: stdin
show door
transaction {
  door.open
# stdout: door: closed, unlocked
# stderr: 4:12: error: expected `}` to close `{` opened at 3:13
# stderr: 3:13: note: the block opened here
# exit: 65
