# `history N` lists the last N steps, as bash's `history 5` does; numbers stay aligned.
repeat 10 { move up }
move right
move left
paint red
history 2
# stdout: 3  move left
# stdout: 4  paint red
