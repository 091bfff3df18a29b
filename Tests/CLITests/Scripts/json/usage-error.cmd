# mode: none
# args: --json --colour
# Under --json a usage error is a JSON diagnostic on stderr too, with status 64.
# stderr: {"severity": "error", "message": "Unknown option '--colour'"}
# exit: 64
