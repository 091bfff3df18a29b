# The doorman stores commands and runs them later: each queued statement is checked
# when it is queued, and is its own undo step when it runs.
queue door.unlock
queue { door.open; move up }
pending
show door
run
show door
undo
show door
pending
# stdout: 1  door.unlock
# stdout: 2  { door.open; move up }
# stdout: door: closed, unlocked
# stdout: ran 2 queued: 2 finished, 0 failed
# stdout: door: open, unlocked
# stdout: door: closed, unlocked
# stdout: (nothing pending)
