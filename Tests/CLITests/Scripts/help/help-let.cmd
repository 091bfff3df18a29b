# `help let` says what it is, with an example.
help let
# stdout: let name = value
# stdout:   name a value for the rest of the block ($name)
# stdout:   example: let start = shape.x; move right 3; echo (shape.x - $start)
