# args: --check
# `--check` checks macros that return values and their calls without running anything.
macro double n { move right $n; return ($n * 2) }
echo (double 3 + 1)
if double shape.x > 4 { echo big }
echo (double "three")
# stderr: 6:14: error: `$n` must be an integer ≥ 1, not a string
# exit: 65
