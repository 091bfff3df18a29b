# args: --safe
# Under --safe no statement touches the file system.
source "shapes.cmdinc"
export "out.cmd"
# stderr: 3:1: error: `source` is not allowed: this session may not touch files (--safe)
# stderr: 4:1: error: `export` is not allowed: this session may not touch files (--safe)
# exit: 65
