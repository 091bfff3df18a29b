# `try` rolls back what its block ran when it fails, warns, and runs `else`.
door.lock
try { move up; door.open } else { move down }
show shape
try { move right; door.open }
show shape
# stderr: 3:16: warning: `try` caught: door: the door is locked; it was rolled back
# stderr: 5:19: warning: `try` caught: door: the door is locked; it was rolled back
# stdout: shape: at (0, -1), blue
# stdout: shape: at (0, -1), blue
