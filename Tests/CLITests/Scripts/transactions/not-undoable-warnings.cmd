# args: --check
# One rule for every form: a command that cannot be undone gets a warning where another
# command of the same top-level statement may run after it, since a failure there rolls
# the statement back but leaves that command in effect.
transaction { vehicle.log; vehicle.save }
{ vehicle.log; vehicle.save }
repeat 2 { vehicle.log }
queue { vehicle.log; vehicle.save }
macro audit { vehicle.save; vehicle.log }
transaction { audit; vehicle.send }
macro audited_save { vehicle.log; vehicle.save }
# No warning where nothing can run after it: alone, last, in a `repeat 1`, queued alone,
# or a macro that ends with it called alone.
vehicle.log
transaction { vehicle.save; vehicle.log }
repeat 1 { vehicle.log }
queue vehicle.log
audit
# stderr: 5:23: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
# stderr: 6:11: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
# stderr: 7:20: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
# stderr: 8:17: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
# stderr: 10:15: warning: macro `audit` ends with `vehicle.log`, which cannot be undone: if a command after it fails, the rollback leaves it in effect
# stderr: 11:30: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
