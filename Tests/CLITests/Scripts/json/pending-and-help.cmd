# args: --json
# Strings are JSON-escaped: the pending statement holds a string argument with a quote,
# a backslash and a tab. (`history` under --json carries the steps' times:
# HistoryTreeCLITests checks it, and that its statements are escaped the same way.)
macro m x { move up }
queue m "a\"b\\c\t"
pending
help undo
# stdout: {"pending": ["m \"a\\\"b\\\\c\\t\""]}
# stdout: {"help": "undo [n]\n  undo the last n steps (default 1)\n  example: move up; paint red; undo 2"}
