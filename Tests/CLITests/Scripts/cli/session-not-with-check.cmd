# mode: none
# args: --session journal.cmdsession --check -c 'move up'
# --session runs and journals: with --check it is a usage error, and no journal is created.
# stderr-full: Error: --session runs and journals statements: it does not go with --check.
# stderr-full: Usage: cmdscript [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script>] [<argument> ...]
# stderr-full:        cmdscript [--json] [--session <file>] [--no-init] [-q] [- [<argument> ...]]
# stderr-full:        cmdscript --session <file> --salvage-session <newfile>
# stderr-full:   See 'cmdscript --help' for more information.
# exit: 64
