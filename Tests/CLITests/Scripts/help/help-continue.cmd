# `help continue` says what it is, with an example.
help continue
# stdout: continue
# stdout:   go on with the loop's next turn
# stdout:   example: repeat 6 as i { if $i % 2 == 0 { continue }; echo $i }
