move up
show shape
# bytes: bom
# A UTF-8 byte-order mark at the start is not text.
# stdout: shape: at (0, 1), blue
