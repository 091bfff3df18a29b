# `-c TEXT ARG…`: the arguments after the text are its `$1`, `$2`, … (as python3 -c).
# mode: none
# args: -c 'repeat $1 { move right }; paint $2; show shape' 3 red
# stdout: shape: at (3, 0), red
