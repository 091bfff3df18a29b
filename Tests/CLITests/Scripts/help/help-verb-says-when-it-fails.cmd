# Help says what a verb does, failures included: `send` fails when the backend is down.
help vehicle.send
# stdout: vehicle.send                        send it; fails if not saved or backend down
