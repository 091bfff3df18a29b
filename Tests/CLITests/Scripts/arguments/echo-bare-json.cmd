# `echo $1` under --json: one output line for the argument.
# mode: none
# args: --json echo-bare-json.cmd hi
echo $1
# stdout: {"echo": "hi"}
