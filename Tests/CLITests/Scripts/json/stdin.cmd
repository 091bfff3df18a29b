# mode: stdin
# args: --json
move up
show shape
mvoe up
# stdout: {"receiver": "shape", "state": {"x": 0, "y": 1, "color": "blue"}, "view": {"path": [[0, 0], [0, 1]]}}
# stderr: {"file": "<stdin>", "line": 5, "column": 1, "severity": "error", "message": "unknown command `mvoe`", "suggestion": "move"}
# exit: 65
