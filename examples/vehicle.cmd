#!/usr/bin/env cmdscript
# The vehicle: a record that is saved to a database, sent to a backend and written to an
# audit log — the Command pattern's classic. Saving and sending can be undone; an audit
# line cannot, so the vehicle declares `log` not undoable and undo says what it left.
# This script ends with a transaction that fails, so it exits with status 1 (see the end).

# The vehicle starts unsaved and unsent, with an empty audit log and the backend up.
show vehicle
# stdout: vehicle: not saved, not sent, 0 log lines, backend up

# A record is saved before it is sent (`send` on an unsaved record fails). Saving a saved
# record, or sending a sent one, changes nothing. A transaction does both, all or nothing.
transaction { save; send }
show vehicle
# stdout: vehicle: saved, sent, 0 log lines, backend up

# One undo reverts the whole transaction: the record leaves the backend, then the database.
undo
show vehicle
# stdout: vehicle: not saved, not sent, 0 log lines, backend up

# An audit line stays written. Undo of a step that wrote one reverts the rest of the step
# and warns about what it could not revert.
{ save; log }
undo
# The whole script is checked before it runs, so the checker's warning about the
# transaction below (an audit line that later commands may roll back around) comes first.
# stderr: 48:11: warning: `vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect
# stderr: 25:1: warning: undo could not revert `vehicle.log`: declared as not undoable
# `show` lists the last lines of the audit log, each the record's state when it was logged.
show vehicle
# stdout: vehicle:
# stdout:   not saved, not sent, 1 log line, backend up
# stdout:   log 1: saved, not sent, backend up

# `backend up|down` simulates the backend's health; while it is down, `send` fails.
backend down
show vehicle
# stdout: vehicle:
# stdout:   not saved, not sent, 1 log line, backend down
# stdout:   log 1: saved, not sent, backend up

# Run-time failure: the transaction logs, saves, then cannot send. The rollback undoes the
# save (the record is not saved) but cannot take back the first audit line, and says so
# in a note; the second `vehicle.log` never ran. The vehicle is left not saved, not sent,
# with 2 log lines, and the script stops with exit status 1.
transaction {
  vehicle.log
  vehicle.save
  vehicle.send
  vehicle.log
}
# stderr: 50:3: error: vehicle: the backend is down
# stderr: note: the transaction was rolled back: `vehicle.save`
# stderr: note: the rollback could not revert `vehicle.log`: declared as not undoable
# exit: 1
