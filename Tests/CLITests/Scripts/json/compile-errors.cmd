# args: --json
# Diagnostics on stderr are JSON objects: file, line, column, severity, message, and a
# suggestion or notes when there are some.
paitn red
move up \
macro m a { move $a; paint $a }
# stderr: {"file": "compile-errors.cmd", "line": 4, "column": 1, "severity": "error", "message": "unknown command `paitn`", "suggestion": "paint"}
# stderr: {"file": "compile-errors.cmd", "line": 5, "column": 9, "severity": "error", "message": "unexpected character `\\`"}
# stderr: {"file": "compile-errors.cmd", "line": 6, "column": 28, "severity": "error", "message": "parameter `$a` is used as a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey) here, but as a direction (up, down, left, right) before", "notes": [{"message": "first used here", "file": "compile-errors.cmd", "line": 6, "column": 18}]}
# exit: 65
