# `help vars` says what it is, with an example.
help vars
# stdout: show vars
# stdout:   the variables in force, one `NAME = VALUE` a line in the order declared,
# stdout:     values written as scripts write them ("text", 3, 2.5, true, red); under
# stdout:     --json one line, {"receiver": "vars", "state": {"NAME": VALUE, ...}}; `show`
# stdout:     alone includes them. `let NAME = VALUE` binds a name, `var NAME = VALUE`
# stdout:     declares a variable, `NAME = VALUE` assigns it and `$NAME` reads it. A
# stdout:     variable is state: an assignment is undone, redone, rolled back, journaled
# stdout:     and exported with its statement.
# stdout:   example: var n = 1; let c = red; n = $n + 1; show vars
