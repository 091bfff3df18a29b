# args: --check
# --check reads and checks what `source` names: its macros are known to what follows, and
# a verb that cannot be undone, followed by another command, gets its warning. Nothing runs.
source "shapes.cmdinc"
zig 2
transaction { vehicle.log; vehicle.save }
show shape
# stderr: 6:23: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
# exit: 0
