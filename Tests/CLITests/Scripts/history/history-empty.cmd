history
# stdout: (no history)
