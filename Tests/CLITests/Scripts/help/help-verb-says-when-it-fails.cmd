# Help says what a verb does, failures included: `send` fails when the backend is down.
help vehicle.send
# stdout: vehicle.send                        send it; fails if not saved or backend down
# stdout:     unavailable while not saved: the vehicle is not saved
# stdout:     unavailable while sent: the record is already sent
