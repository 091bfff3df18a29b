# args: --check
# --check reads and checks what `source` names: its macros are known to what follows, and
# a transaction with a verb that cannot be undone gets its warning. Nothing runs.
source "shapes.cmdinc"
zig 2
transaction { vehicle.log }
show shape
# stderr: 6:23: warning: `vehicle.log` cannot be undone: if this transaction fails, it stays in effect
# exit: 0
