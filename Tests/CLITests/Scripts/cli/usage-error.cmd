# args: -c 'move up'
# Both -c and a file (this script): a usage error, status 64.
# stderr: Error: Give either -c TEXT or files, not both.
# stderr: Usage: cmdscript [-c <text>] [--check] [--json] [<file> ...]
# stderr:   See 'cmdscript --help' for more information.
# exit: 64
