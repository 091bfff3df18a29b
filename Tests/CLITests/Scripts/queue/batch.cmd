# `batch N` runs the queue by itself whenever N statements are pending.
batch 2
queue move up
pending
queue move right
pending
show shape
batch off
queue move up
pending
# stdout: 1  move up
# stdout: ran 2 queued: 2 finished, 0 failed
# stdout: (nothing pending)
# stdout: shape: at (1, 1), blue
# stdout: 1  move up
