# A script is checked against the plugin's declarations before anything runs.
lamp.on
lamp.dimm 40
lamp.dim 400
lamp.paint blue
lamp.dim bright
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: 3:6: error: `lamp` has no verb `dimm` (did you mean `dim`?)
# stderr: 4:10: error: `level` must be an integer from 0 to 100, not 400
# stderr: 5:12: error: `colour` must be one of white, warm, red, not `blue`
# stderr: 6:10: error: `level` must be an integer from 0 to 100, not the word `bright`
# exit: 65
