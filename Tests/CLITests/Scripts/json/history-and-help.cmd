# args: --json
# Strings are JSON-escaped: the history entry holds a string argument with a quote,
# a backslash and a tab.
macro m x { move up }
m "a\"b\\c\t"
move down
undo
history
help undo
# stdout: {"history": [{"number": 1, "statement": "m \"a\\\"b\\\\c\\t\"", "undone": false}, {"number": 2, "statement": "move down", "undone": true}]}
# stdout: {"help": "undo [n]\n  undo the last n steps (default 1)\n  example: move up; paint red; undo 2"}
