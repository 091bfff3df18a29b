# The full text of a diagnostic: the location, the message, the source line and a
# caret under the whole range.
move   sideways  2
# stderr-full: 3:8: error: `sideways` is not a direction (up, down, left, right)
# stderr-full:     move   sideways  2
# stderr-full:            ^~~~~~~~
# exit: 65
