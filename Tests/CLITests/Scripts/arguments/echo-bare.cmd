# `echo` prints a script's argument given bare, as it prints one inside a string, in a
# block, a `repeat`, a macro body and under --json.
# mode: none
# args: echo-bare.cmd hi there
echo $1
# stdout: hi
echo "drew" $1 "turns in" $2
# stdout: drew hi turns in there
repeat 2 { echo $2 }
# stdout: there
# stdout: there
macro say { echo $1 $2 }
say
# stdout: hi there
{ echo $1; move up }
# stdout: hi
