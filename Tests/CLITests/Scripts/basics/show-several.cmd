# `show` with several names shows each, in the order given; an unknown one is an error
# at its name, with a suggestion.
new door back
back.lock
show back shape door
show shape
# stdout: back (door): closed, locked
# stdout: shape: at (0, 0), blue
# stdout: door: closed, unlocked
# stdout: shape: at (0, 0), blue
