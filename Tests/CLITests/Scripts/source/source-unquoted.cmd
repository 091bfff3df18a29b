# A path written without its quotes: the error suggests the statement with them,
# for `source` and `export` alike; nothing runs.
show door
source lib.cmd
export out.2.cmd; show
source lib/x.cmd
# stderr: 4:8: error: expected a file name in double quotes, found `lib` (did you mean `source "lib.cmd"`?)
# stderr: 5:8: error: expected a file name in double quotes, found `out` (did you mean `export "out.2.cmd"`?)
# stderr: 6:8: error: expected a file name in double quotes, found `lib` (did you mean `source "lib/x.cmd"`?)
# exit: 65
