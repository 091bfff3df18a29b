# The words of conditions have help of their own, each with an example.
help not
help else
# stdout: not cond
# stdout:   holds if the condition does not
# stdout:   example: while not door.open { door.unlock; door.open }
# stdout: ... } else { ... }
# stdout:   what `if` runs when no condition holds, or `try` when its block fails
# stdout:   example: if door.open { door.close } else { door.open }
