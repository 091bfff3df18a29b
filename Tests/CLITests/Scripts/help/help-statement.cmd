help repeat
help transaction
# stdout: repeat n { ... }
# stdout:   run the block n times, as one undo step
# stdout: transaction ["name"] { ... }
# stdout:   run the block all or nothing
