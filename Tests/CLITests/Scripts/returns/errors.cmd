# `return` stands only in a macro's body; a macro returns one kind, on every path; a
# macro without `return` cannot stand in an expression.
return 1
if true { return 2 }
macro mixed n { if $n > 0 { return 1 }; return "one" }
macro partial n { if $n > 0 { return 1 } }
macro zig n { move up $n }
echo (zig 2)
echo (nothing 2)
macro looped { repeat 3 { return 1 } }
# stderr: 3:1: error: `return` ends a macro with a value, so it stands only in a macro's body: `macro NAME [PARAM...] { ... return VALUE }`
# stderr: 4:11: error: `return` ends a macro with a value, so it stands only in a macro's body: `macro NAME [PARAM...] { ... return VALUE }`
# stderr: 5:48: error: the value of `return` must be an integer, not a string: a macro returns one kind
# stderr: 5:29: note: the first `return` of `mixed` gives an integer
# stderr: 6:31: error: macro `partial` returns a value, but a path through its body ends without `return`: end the body with `return VALUE` (did you mean `return VALUE`?)
# stderr: 8:7: error: macro `zig` returns no value, so it cannot stand in an expression: give it a `return VALUE`, or call it as a statement
# stderr: 7:1: note: defined here
# stderr: 9:7: error: `nothing` is not a macro that returns a value: a value here is a query (`receiver.query`), a `$NAME` or a macro with `return`
# stderr: 10:27: error: macro `looped` returns a value, but a path through its body ends without `return`: end the body with `return VALUE` (did you mean `return VALUE`?)
# exit: 65
