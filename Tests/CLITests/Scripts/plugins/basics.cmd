# The lamp of examples/plugins/lamp.py, started by this folder's cmdscript.json: checked,
# undone, redone, made anew, asked and shown as a built-in receiver is.
lamp.on
lamp.dim 40
show lamp
undo
show lamp
redo
lamp.paint warm
history
echo (lamp.level) (lamp.lit)
new lamp desk
desk.on
macro both l { lamp.off; $l.off }
both desk
show desk
undo
show desk
if lamp.level < 50 { echo dim } else { echo bright }
# stdout: lamp: on=yes level=40 colour=white
# stdout: lamp: on=yes level=100 colour=white
# stdout: 1  lamp.on
# stdout: 2  lamp.dim 40
# stdout: 3  lamp.paint warm
# stdout: 40 true
# stdout: desk (lamp): on=no level=100 colour=white
# stdout: desk (lamp): on=yes level=100 colour=white
# stdout: dim
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
