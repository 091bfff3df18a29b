# The lamp of examples/plugins/lamp.py declares, on the kit, that `dim` cannot work while
# the lamp is not lit: help says so. The declaration refuses nothing; the plugin's own
# refusal is what fails the command.
help lamp.dim
lamp.on
lamp.dim 40
lamp.off
lamp.dim 30
# stdout: lamp.dim <level>                 set the brightness
# stdout:     level: integer 0...100
# stdout:     unavailable while not lit: the lamp is off
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: 8:1: error: lamp: the lamp is off
# exit: 1
