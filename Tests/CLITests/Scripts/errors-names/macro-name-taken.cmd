macro move { }
macro door { }
macro undo { }
macro m a a { }
# stderr: 1:7: error: `move` is a verb of `shape` and cannot name a macro
# stderr: 2:7: error: `door` is a receiver and cannot name a macro
# stderr: 3:7: error: `undo` is a statement of the language and cannot name a macro
# stderr: 4:11: error: macro `m` has two parameters named `a`
# exit: 65
