# A file that sources itself, directly or through others, is an error, not a hang.
source "loop-a.cmdinc"
# stderr: 2:1: error: `loop-a.cmdinc` does not compile (its errors are reported with its name)
# stderr: loop-a.cmdinc:1:1: error: `loop-b.cmdinc` does not compile (its errors are reported with its name)
# stderr: loop-b.cmdinc:1:1: error: `loop-a.cmdinc` sources itself, which could never end
# exit: 65
