# With --json and -v, what a statement did is a JSON object of its own.
# args: --json -v
new door back
undo
# stdout: {"report": "made `back`, a new door"}
# stdout: {"report": "undid `new door back`"}
