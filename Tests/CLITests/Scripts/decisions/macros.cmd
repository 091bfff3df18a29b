# A macro parameter in an expression is an integer, or a word of the query it is
# compared with; the body is checked once, at the definition.
macro walk n { while shape.x < $n { move right } }
macro mark c { if shape.colour != $c { paint $c } }
walk 3
mark red
mark red
show shape
history
# stdout: shape: at (3, 0), red
# stdout: 1  walk 3
# stdout: 2  mark red
