# The failure's message is a string: where another kind goes it is an error, before
# anything runs.
try { door.open } else as e { move up $e }
# stderr: 3:39: error: `$e` is the failure's message, a string; here it must be an integer ≥ 1
# exit: 65
