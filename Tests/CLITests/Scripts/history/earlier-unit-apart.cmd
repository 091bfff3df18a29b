# A time's unit written apart from its count gets a hint to write them as one word.
move up
earlier 2 s
# stderr: 3:9: error: a time is one word, its unit right after the number: `earlier 2s`
# exit: 65
