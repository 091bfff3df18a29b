# `${NAME}` is the parameter's value where text follows it, as in bash; statements are
# written back (`pending`, `history`) with the braces where they are needed.
repeat 3 as i { echo "${i}th" }
macro label n { request "item-${n}x/$n" }
label 7
show network
queue repeat 1 as i { request "a${i}b ${i} $i." }
pending
# stdout: 1th
# stdout: 2th
# stdout: 3th
# stdout: network: 1 pending (item-7x/7), 0 cancelled
# stdout: 1  repeat 1 as i { request "a${i}b $i $i." }
