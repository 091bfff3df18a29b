# mode: none
# args: --json --session no-such-folder/work.cmdsession
# Under --json a session that cannot be opened is a JSON diagnostic on stderr too, with status 66.
# stderr: {"file": "no-such-folder/work.cmdsession", "severity": "error", "message": "cannot open the session no-such-folder/work.cmdsession: No such file or directory"}
# exit: 66
