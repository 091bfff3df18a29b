# What a plugin writes to its standard error is forwarded, each line after its name; a
# verb declared `"undoable": false` is not recorded, so there is nothing to undo.
# args: --plugin 'python3 faulty.py none'
gadget.note
undo
gadget.set 4
gadget.note
undo
redo
show gadget
# stdout: gadget: value=4
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: faulty: a line for standard error
# stderr: faulty: and another
# stderr: 5:1: warning: nothing to undo
# stderr: faulty: a line for standard error
# stderr: faulty: and another
