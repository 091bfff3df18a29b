# args: zig-macro.cmdinc --json
# An error in the second file: nothing runs, not even the first file.
zig 2; show shape
paitn red
# stderr: {"file": "two-files-error.cmd", "line": 4, "column": 1, "severity": "error", "message": "unknown command `paitn`", "suggestion": "paint"}
# exit: 65
