# mode: none
# args: --json no-such-file.cmd
# Under --json a file that cannot be read is a JSON diagnostic on stderr too, with status 66.
# stderr: {"file": "no-such-file.cmd", "severity": "error", "message": "cannot read no-such-file.cmd: No such file or directory"}
# exit: 66
