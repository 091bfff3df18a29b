move sideways
# bytes: bom
# The byte-order mark is not text: columns do not count it, and the source line
# under the diagnostic does not show it.
# stderr-full: 1:6: error: `sideways` is not a direction (up, down, left, right)
# stderr-full:     move sideways
# stderr-full:          ^~~~~~~~
# exit: 65
