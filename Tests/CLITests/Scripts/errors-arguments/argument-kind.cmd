move upp
move up x
paint 3
paint "red"
paint rde
# stderr: 1:6: error: `upp` is not a direction (up, down, left, right) (did you mean `up`?)
# stderr: 2:9: error: `steps` must be an integer ≥ 1, not the word `x`
# stderr: 3:7: error: `colour` must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey), not 3
# stderr: 4:7: error: `colour` must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey), not a string
# stderr: 5:7: error: `rde` is not a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey) (did you mean `red`?)
# exit: 65
