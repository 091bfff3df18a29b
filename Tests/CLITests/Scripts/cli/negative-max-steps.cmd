# mode: none
# args: --max-steps -1
# A negative count is said to be one, not taken for a missing value.
# stderr-full: Error: --max-steps must be 0 or more, not -1.
# stderr-full: Usage: cmdscript [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script>] [<argument> ...]
# stderr-full:        cmdscript [--json] [--session <file>] [--no-init] [-q] [- [<argument> ...]]
# stderr-full:        cmdscript --session <file> --salvage-session <newfile>
# stderr-full:   See 'cmdscript --help' for more information.
# exit: 64
