# undo, redo, history, macro and use stand only at the top level: not in a block, a
# repeat, a transaction or a macro body.
{ undo }
repeat 2 { redo 1 }
transaction { history }
{ macro m { move up } }
transaction { use door }
macro m { undo 2; history }
# stderr: 3:3: error: `undo` can only stand at the top level, not inside a block or macro
# stderr: 4:12: error: `redo` can only stand at the top level, not inside a block or macro
# stderr: 5:15: error: `history` can only stand at the top level, not inside a block or macro
# stderr: 6:3: error: `macro` can only stand at the top level, not inside a block or macro
# stderr: 7:15: error: `use` can only stand at the top level, not inside a block or macro
# stderr: 8:11: error: `undo` can only stand at the top level, not inside a block or macro
# stderr: 8:19: error: `history` can only stand at the top level, not inside a block or macro
# exit: 65
