# Under --safe the strings statements make have at most 64 MiB in all (with the step
# budget): each string here is short of the 1 MiB a string may have, but each turn keeps
# one more of them, 500 KB, in a pending request. The statement fails at the string that
# would pass 64 MiB, rolled back, before memory grows further.
# args: --safe --on-error continue
macro m5 s { repeat 200 as i { network.request "$s$s$s$s$s$i" } }
macro m4 s { m5 "$s$s$s$s$s$s$s$s$s$s" }
macro m3 s { m4 "$s$s$s$s$s$s$s$s$s$s" }
macro m2 s { m3 "$s$s$s$s$s$s$s$s$s$s" }
macro m1 s { move up; m2 "$s$s$s$s$s$s$s$s$s$s" }
m1 "xxxxxxxxxx"
echo (network.waiting) (shape.y)
# stdout: 0 0
# stderr: 6:48: error: the strings made would pass 67108864 bytes, the most the statements may make here
# stderr: 7:14: note: in macro `m5` called here
# stderr: 8:14: note: in macro `m4` called here
# stderr: 9:14: note: in macro `m3` called here
# stderr: 10:23: note: in macro `m2` called here
# stderr: 11:1: note: in macro `m1` called here
# exit: 1
