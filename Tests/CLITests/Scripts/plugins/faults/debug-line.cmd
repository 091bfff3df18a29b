# A plugin that prints a debug line to standard output breaks the protocol: the message
# quotes the line and says where debug output goes.
# args: --on-error continue --plugin-timeout 2 --plugin 'python3 faulty.py debug'
gadget.set 5
gadget.fault
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: cmdscript: plugin `faulty` answered `execute` with malformed JSON (unexpected byte at 0): it sent "debug: fault called" (a plugin's debug output goes to standard error, not standard output); statements that use it fail from now on
# stderr: 5:1: error: gadget: plugin `faulty` answered `execute` with malformed JSON (unexpected byte at 0): it sent "debug: fault called" (a plugin's debug output goes to standard error, not standard output)
# exit: 1
