# `&&`, `||` and `!` are `and`, `or` and `not` here.
if door.locked && door.open { move up }
if door.locked || door.open { move up }
if !door.locked { move up }
# stderr: 2:16: error: unexpected `&&`: write `and`
# stderr: 3:16: error: unexpected `||`: write `or`
# stderr: 4:4: error: unexpected `!`: write `not`
# exit: 65
