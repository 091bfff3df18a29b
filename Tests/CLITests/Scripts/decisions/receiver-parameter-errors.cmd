# Receiver parameters are checked statically: at the definition, that some receiver has
# what is used on each; at the call, that the instance given has it; nothing runs.
macro a d { $d.clse }
macro b d { if $d.lockd { } }
macro c d { $d.close; $d.move up }
macro e d n { $d.move up $n; echo $d }
macro shut d { $d.close; $d.lock }
shut shape
shut nobody
$d.close
# stderr: 3:16: error: no receiver has a verb `clse` (did you mean `close`?)
# stderr: 4:19: error: no receiver has a query `lockd` (did you mean `locked`?)
# stderr: 5:16: error: no receiver has every verb and query used on `$d`: `close`, `move`
# stderr: 6:35: error: `$d` stands for a receiver: use it as `$d.VERB` or `$d.QUERY`, or pass it to a macro
# stderr: 8:6: error: `shape` cannot stand for `$d` of `shut`: a shape has no verb `close`
# stderr: 7:19: note: used here
# stderr: 9:6: error: unknown receiver `nobody`
# stderr: 10:1: error: parameter `$d` used outside a macro
# exit: 65
