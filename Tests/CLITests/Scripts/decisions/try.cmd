# `try` rolls back what its block ran when it fails and runs `else`, which handles the
# failure; a `try` without `else` warns of it.
door.lock
try { move up; door.open } else { move down }
show shape
try { move right; door.open }
show shape
# stderr: 6:19: warning: `try` caught: door: the door is locked; it was rolled back
# stdout: shape: at (0, -1), blue
# stdout: shape: at (0, -1), blue
