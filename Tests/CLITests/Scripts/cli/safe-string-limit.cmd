# Under --safe a string a statement makes has at most 1 MiB: each macro here makes its
# argument ten times longer, and the sixth would make 10 MB. The statement fails at that
# string, rolled back, and nothing else is asked of memory.
# args: --safe
macro m7 s { echo "never" }
macro m6 s { m7 "$s$s$s$s$s$s$s$s$s$s" }
macro m5 s { m6 "$s$s$s$s$s$s$s$s$s$s" }
macro m4 s { m5 "$s$s$s$s$s$s$s$s$s$s" }
macro m3 s { m4 "$s$s$s$s$s$s$s$s$s$s" }
macro m2 s { m3 "$s$s$s$s$s$s$s$s$s$s" }
macro m1 s { move up; m2 "$s$s$s$s$s$s$s$s$s$s" }
m1 "xxxxxxxxxx"
show shape
# stderr: 6:17: error: the string would be longer than 1048576 bytes, the most a string may have here
# stderr: 7:14: note: in macro `m6` called here
# stderr: 8:14: note: in macro `m5` called here
# stderr: 9:14: note: in macro `m4` called here
# stderr: 10:14: note: in macro `m3` called here
# stderr: 11:23: note: in macro `m2` called here
# stderr: 12:1: note: in macro `m1` called here
# exit: 1
