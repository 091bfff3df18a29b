# args: --on-error continue --plugin-timeout 10 --plugin 'python3 faulty.py wrong-shape'
lamp.on
gadget.set 5
{ lamp.dim 50; gadget.set 6; gadget.fault }
show lamp
gadget.set 7
lamp.off
show lamp
# stdout: lamp: on=yes level=100 colour=white
# stdout: lamp: on=no level=100 colour=white
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: cmdscript: plugin `faulty` answered `execute` without a `result` object; statements that use it fail from now on
# stderr: 4:30: error: gadget: plugin `faulty` answered `execute` without a `result` object
# stderr: 6:1: error: gadget: plugin `faulty` is not running: it answered `execute` without a `result` object
# exit: 1
