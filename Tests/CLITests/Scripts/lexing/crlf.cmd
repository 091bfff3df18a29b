# bytes: crlf
# CRLF line breaks: a \r is blank space, not part of a word (so `redd` is the word).
move up
paint red
show shape
paint redd
# stderr: 6:7: error: `redd` is not a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey) (did you mean `red`?)
# exit: 65
