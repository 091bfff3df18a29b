# Arguments as receivers and in conditions, and after `--` when one starts with `-`.
# mode: none
# args: decide.cmd door -- -3
$1.lock
if $2 < 0 { echo "below zero: $2" } else { echo "not below zero" }
# stdout: below zero: -3
show door
# stdout: door: closed, locked
