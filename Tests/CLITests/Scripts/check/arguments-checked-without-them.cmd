# `--check` of a script that takes arguments checks it without them: each `$N` by what its
# uses require, so a script whose uses agree checks, with no note per use.
# mode: none
# args: --check arguments-checked-without-them.cmd
repeat $1 as i { move up $1; paint $2; echo "turn $i of $1: $3" }
if $2 == shape.colour { echo "already $2" }
