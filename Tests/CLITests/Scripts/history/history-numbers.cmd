# Numbers are right-aligned once there are ten steps or more.
repeat 1 { move up }
move up; move up; move up; move up; move up; move up; move up; move up
move up; move up
history
# stdout:  1  repeat 1 { move up }
# stdout:  2  move up
# stdout:  3  move up
# stdout:  4  move up
# stdout:  5  move up
# stdout:  6  move up
# stdout:  7  move up
# stdout:  8  move up
# stdout:  9  move up
# stdout: 10  move up
# stdout: 11  move up
