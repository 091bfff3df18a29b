# mode: stdin
# On standard input (and at the prompt), `else as NAME` at the end of a line awaits its
# block on the next line, as `else` does.
door.lock
try { door.open } else as e
{ echo $e }
# stdout: door: the door is locked
