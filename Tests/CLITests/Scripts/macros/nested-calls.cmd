macro step { move right; move up }
macro stairs n { repeat $n { step }; paint orange }
macro twice n { stairs $n; stairs $n }
twice 2
show shape
# stdout: shape: at (4, 4), orange
undo
show shape
# stdout: shape: at (0, 0), blue
