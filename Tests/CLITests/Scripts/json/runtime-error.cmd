# args: --json
macro enter { door.open }
move up; undo 2
door.lock
show door
enter
# stdout: {"receiver": "door", "state": {"open": false, "locked": true}}
# stderr: {"file": "runtime-error.cmd", "line": 3, "column": 10, "severity": "warning", "message": "only 1 of 2 steps could be undone"}
# stderr: {"file": "runtime-error.cmd", "line": 2, "column": 15, "severity": "error", "message": "door: the door is locked", "notes": [{"message": "in macro `enter` called here", "file": "runtime-error.cmd", "line": 6, "column": 1}]}
# exit: 1
