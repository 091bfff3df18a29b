# A decimal where an integer goes, a number a decimal cannot hold, or digits run into a
# word are errors at their place, found before anything runs.
move up 1.5
echo 1.5x 1.0e400
echo ("a" < 1.5)
# stderr: 3:9: error: `steps` must be an integer ≥ 1, not 1.5
# stderr: 4:6: error: `1.5x` is not a number
# stderr: 4:11: error: decimal `1.0e400` is too large
# stderr: 5:7: error: the operand of `<` must be a decimal, not a string
# exit: 65
