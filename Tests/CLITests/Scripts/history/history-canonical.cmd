# History lists each step in canonical one-line form: no comments, single spaces.
repeat   4{move right;paint green}   # four steps right
transaction {
  door.unlock
  door.open
}
macro zig n { move up $n; move right $n }
zig    3
{ shape.move   up }
history
# stdout: 1  repeat 4 { move right; paint green }
# stdout: 2  transaction { door.unlock; door.open }
# stdout: 3  zig 3
# stdout: 4  { shape.move up }
