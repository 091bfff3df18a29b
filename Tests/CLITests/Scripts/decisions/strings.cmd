# Inside a string, `$NAME` is the parameter's value (or the turn's); `\$` writes a dollar
# sign, as does a `$` that starts no name. History and export write the string back.
macro get user { request "https://api.example/$user"; echo "asked for $user at \$5" }
get ada
repeat 2 as i { echo "turn $i of 2, $ and \$i" }
request "a\$b"
show network
history
# stdout: asked for ada at $5
# stdout: turn 1 of 2, $ and $i
# stdout: turn 2 of 2, $ and $i
# stdout: network: 2 pending (https://api.example/ada, a$b), 0 cancelled
# stdout: 1  get ada
# stdout: 2  request "a\$b"
