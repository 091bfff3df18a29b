# A sourced file is checked whole before any of it runs; its errors carry its own name
# and fail the `source` statement, so nothing of this script runs either.
move left
source "broken.cmdinc"
# stderr: 4:1: error: `broken.cmdinc` does not compile (its errors are reported with its name)
# stderr: broken.cmdinc:3:1: error: unknown command `paitn` (did you mean `paint`?)
# exit: 65
