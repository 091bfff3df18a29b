# A macro may name a receiver made with `new`, once the `new` is checked. (Also a seed
# for scripts/fuzz, whose export oracle replays what `export` writes: a macro written
# before the `new` of a receiver it names did not replay.)
new door back
macro m { back.lock; open }
m
show back
show door
# stdout: back (door): closed, locked
# stdout: door: open, unlocked
