# args: -f broken-macros.cmdinc
# The first file has an error, so nothing runs; but it does define `zig`, so this file,
# checked after it, has no error of its own (as if both were one file).
zig 2
# stderr: broken-macros.cmdinc:4:1: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
