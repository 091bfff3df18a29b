macro line n { repeat $n { move right } }
line 0
line 5
show shape
# stdout: shape: at (5, 0), blue
