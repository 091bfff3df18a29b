# mode: none
# args: --session journal.cmdsession -c 'move up'
# --session is for the REPL and standard input: with -c or files it is a usage error,
# and no journal is created.
# stderr-full: Error: --session works with the REPL and standard input, not with files, -c or --check.
# stderr-full: Usage: cmdscript [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script> [<argument> ...]]
# stderr-full:        cmdscript [--json] [--session <file>] [--no-init] [-q] [-]
# stderr-full:        cmdscript --session <file> --salvage-session <newfile>
# stderr-full:   See 'cmdscript --help' for more information.
# exit: 64
