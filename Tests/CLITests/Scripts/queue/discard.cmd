# `discard` empties the queue; nothing queued has run.
queue move up
queue paint red
discard
pending
run
show shape
# stdout: (nothing pending)
# stdout: ran 0 queued: 0 finished, 0 failed
# stdout: shape: at (0, 0), blue
