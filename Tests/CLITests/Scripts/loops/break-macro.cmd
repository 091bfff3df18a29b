# A `break` in a macro body ends only a loop of that body.
macro walk n { repeat 10 as i { if $i > $n { break }; move right } }
repeat 2 { walk 2 }
echo (shape.x)
# stdout: 4
