#!/usr/bin/env cmdscript
# A script takes arguments after its name, as `$1`, `$2`, … (bash, python and lua do
# alike): `./spiral.cmd 3 red`. Each is checked where it is used, as if written there.
# mode: none
# args: spiral.cmd 3 red
paint $2
repeat $1 as i { move up $i; move right $i }
echo "drew $1 turns in $2"
# stdout: drew 3 turns in red
show shape
# stdout: shape: at (6, 6), red
