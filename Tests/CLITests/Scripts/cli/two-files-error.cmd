# args: -f zig-macro.cmdinc --json
# An error in the script: nothing runs, not even the -f file before it.
zig 2; show shape
paitn red
# stderr: {"file": "two-files-error.cmd", "line": 4, "column": 1, "severity": "error", "message": "unknown command `paitn`", "suggestion": "paint"}
# exit: 65
