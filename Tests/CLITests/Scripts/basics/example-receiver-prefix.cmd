# `receiver.verb` names the receiver explicitly.
shape.move left 2
show shape
# stdout: shape: at (-2, 0), blue
