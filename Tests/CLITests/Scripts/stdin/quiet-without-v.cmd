# Piped standard input stays quiet about what undo, new and use did unless -v is given.
# mode: stdin
move up
undo
new door back
use back
show back
# stdout: back (door): closed, unlocked
