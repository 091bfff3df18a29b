# args: --colour
# stderr: Error: Unknown option '--colour'
# stderr: Usage: cmdscript [-c <text>] [--check] [--json] [<file> ...]
# stderr:   See 'cmdscript --help' for more information.
# exit: 64
