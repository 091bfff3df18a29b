# `cmdscript - ARG…`: the script read from standard input takes the arguments after `-`
# (as bash -s): `$1` is the first.
# mode: stdin
# args: - 2 red
repeat $1 { move up }
paint $2
show shape
# stdout: shape: at (0, 2), red
