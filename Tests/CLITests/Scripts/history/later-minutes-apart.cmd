# The unit spelt out, apart from the count: the hint writes it as `5m`.
move up
later 5 minutes
# stderr: 3:7: error: a time is one word, its unit right after the number: `later 5m`
# exit: 65
