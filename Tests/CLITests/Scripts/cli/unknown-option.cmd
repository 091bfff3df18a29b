# args: --colour
# stderr-full: Error: Unknown option '--colour'
# stderr-full: Usage: cmdscript [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script>] [<argument> ...]
# stderr-full:        cmdscript [--json] [--session <file>] [--no-init] [-q] [- [<argument> ...]]
# stderr-full:        cmdscript --session <file> --salvage-session <newfile>
# stderr-full:   See 'cmdscript --help' for more information.
# exit: 64
