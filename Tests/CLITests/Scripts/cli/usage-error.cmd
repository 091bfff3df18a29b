# args: -c 'move up'
# Both -c and a file (this script): a usage error, status 64.
# stderr-full: Error: Give either -c TEXT or a script, not both.
# stderr-full: Usage: cmdscript [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script> [<argument> ...]]
# stderr-full:        cmdscript [--json] [--session <file>] [--no-init] [-q] [-]
# stderr-full:        cmdscript --session <file> --salvage-session <newfile>
# stderr-full:   See 'cmdscript --help' for more information.
# exit: 64
