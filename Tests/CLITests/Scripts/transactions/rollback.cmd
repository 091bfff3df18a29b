# A transaction whose last command fails: the run stops at it with status 1 (the
# transaction is rolled back), and the statements after it do not run.
move up
show shape
transaction { move right; paint red; door.lock; door.open }
show shape
# stdout: shape: at (0, 1), blue
# stderr: 5:49: error: door: the door is locked
# stderr: note: the transaction was rolled back: `door.lock`, `shape.paint`, `shape.move`
# exit: 1
