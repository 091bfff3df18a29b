# A parameter that its body makes a word (a colour here) is printed as the word, by
# `echo` and in strings, whether the printing comes before or after the use.
macro m c { echo $c "is $c"; paint $c; request "https://example.org/$c" }
m red
macro n c { paint $c; echo "now" $c }
n green
show network
# stdout: red is red
# stdout: now green
# stdout: network: 1 pending (https://example.org/red), 0 cancelled
