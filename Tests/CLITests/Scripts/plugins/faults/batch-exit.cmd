# Commands sent in a batch are confirmed at the end of their statement: a plugin that dies
# there fails the statement, which is rolled back whole; the error is located at the first
# command whose answer was lost.
# args: --on-error continue --plugin 'python3 faulty.py batch-exit'
lamp.on
{ lamp.dim 20; gadget.set 1; gadget.set 2 }
show lamp
gadget.set 3
# stdout: lamp: on=yes level=100 colour=white
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: cmdscript: plugin `faulty` exited with status 4 during `batch`; statements that use it fail from now on
# stderr: 6:16: error: plugin `faulty` exited with status 4 during `batch`
# stderr: 8:1: error: plugin `faulty` is not running: it exited with status 4 during `batch`
# exit: 1
