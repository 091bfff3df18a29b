# args: --plugin-timeout 5 --plugin 'python3 faulty.py slow-start'
# A plugin's start (its answer to `initialize`: an interpreter loading, on a loaded machine)
# is not held to --plugin-timeout, which is for each call after it: this one takes 6 s to
# start and then works.
gadget.set 5
echo (gadget.value)
# stdout: 5
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
