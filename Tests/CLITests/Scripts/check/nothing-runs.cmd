# args: --check
# --check compiles only: the failing `door.open` does not run, nor does `show`.
door.lock; door.open
show
undo 5
# exit: 0
