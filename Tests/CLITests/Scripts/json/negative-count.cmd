# mode: none
# args: --json --max-steps -1 -c 'move up'
# stderr: {"severity": "error", "message": "--max-steps must be 0 or more, not -1."}
# exit: 64
