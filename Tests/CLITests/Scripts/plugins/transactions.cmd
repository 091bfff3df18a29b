# A transaction that fails halfway at the plugin is rolled back whole, on the built-in
# receivers too; `try` catches it.
# args: --on-error continue
lamp.on; lamp.dim 30
{ move up; lamp.dim 60; lamp.off; lamp.dim 10 }
show lamp
show shape
try { lamp.paint red; lamp.off; lamp.dim 5 } else { echo caught }
show lamp
queue lamp.dim 90
run
show lamp
# stdout: lamp: on=yes level=30 colour=white
# stdout: shape: at (0, 0), blue
# stdout: caught
# stdout: lamp: on=yes level=30 colour=white
# stdout: ran 1 queued: 1 finished, 0 failed
# stdout: lamp: on=yes level=90 colour=white
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: 5:35: error: lamp: the lamp is off
# exit: 1
