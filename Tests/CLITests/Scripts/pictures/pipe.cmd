# Without --pictures, standard output that is not a terminal gets the one-line
# description that programs parse; --pictures never gives it on a terminal too.
move up; paint red
show shape
# stdout: shape: at (0, 1), red
