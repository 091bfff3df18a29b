# `def`, `function` and `proc` define a macro with `macro` here.
def zig { move up }
function zag() { move down }
proc zog { move left }
# stderr: 2:1: error: `def` is not a word of this language: a macro is defined with `macro NAME [PARAM...] { ... }`
# stderr: 3:1: error: `function` is not a word of this language: a macro is defined with `macro NAME [PARAM...] { ... }`
# stderr: 4:1: error: `proc` is not a word of this language: a macro is defined with `macro NAME [PARAM...] { ... }`
# exit: 65
