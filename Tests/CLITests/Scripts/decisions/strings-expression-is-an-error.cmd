# A string holds no expression: `$(…)` is an error, never printed literally, and so is a
# `${` without a name and `}`.
echo "x is $(shape.x)"
echo "${ i }"
# stderr: 3:12: error: a string holds no expression: write it outside, `echo "x is" (shape.x)`, or join with `+`: `("x=" + shape.x)`
# stderr: 4:7: error: `${` must be followed by a parameter name and `}`, as in `"${i}th"` (`\$` writes a dollar sign)
# exit: 65
