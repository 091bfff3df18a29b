# A file that cannot be read is a located compile error.
source "no-such-file.cmdinc"
# stderr: 2:1: error: cannot read `no-such-file.cmdinc`: No such file or directory
# exit: 65
