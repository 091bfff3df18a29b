# `help break` says what it is, with an example.
help break
# stdout: break
# stdout:   end the innermost repeat or while
# stdout:   example: while true { move right; if shape.x >= 5 { break } }
