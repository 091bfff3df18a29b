# `elif` is written `else if`.
if shape.x > 2 { move up }
elif shape.x > 1 { move down }
# stderr: 3:1: error: `elif` is not a word of this language: write `else if` after the `}`: `} else if CONDITION { ... }`
# exit: 65
