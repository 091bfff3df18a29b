#!/usr/bin/env cmdscript
# The doorman: commands are stored now and run later. `queue` checks a statement at once
# (a typo is caught before anything runs) and keeps it; `run` executes everything
# pending, in order, each statement atomic and its own undo step.

door.lock
queue door.unlock
queue { door.open; move up }
queue door.close
pending

# Nothing has run yet.
show door
run
show door
show shape

# Each queued statement is its own undo step: this takes back only `door.close`.
undo
show door

# `batch 2` runs the queue by itself whenever two statements are waiting.
batch 2
queue move right
pending
queue move right
show shape

# `discard` empties the queue without running anything.
batch off
queue door.lock
discard
pending
show door

# What this tour prints:
# stdout: 1  door.unlock
# stdout: 2  { door.open; move up }
# stdout: 3  door.close
# stdout: door: closed, locked
# stdout: ran 3 queued: 3 finished, 0 failed
# stdout: door: closed, unlocked
# stdout: shape: at (0, 1), blue
# stdout: door: open, unlocked
# stdout: 1  move right
# stdout: ran 2 queued: 2 finished, 0 failed
# stdout: shape: at (2, 1), blue
# stdout: (nothing pending)
# stdout: door: open, unlocked
