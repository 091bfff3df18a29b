# The overview lists the macros defined so far, with their parameters.
macro zig n { move up $n }
macro wave { zig 1 }
help
# stdout: Receivers (write `receiver.verb`, or just `verb` when only one has it):
# stdout:   shape     a shape that moves and is painted
# stdout:     move <direction> [steps]    move some steps in a direction
# stdout:     paint <colour>              paint in a colour
# stdout:     queries: x, y, colour, color
# stdout:   door      a door that opens, closes and locks
# stdout:     open                        open the door unless it is locked
# stdout:     close                       close the door
# stdout:     lock                        lock the door unless it is open
# stdout:     unlock                      unlock the door
# stdout:     queries: open, locked
# stdout:   board     a game of tic-tac-toe
# stdout:     place <row> <col>           put the next player's mark in a cell
# stdout:     reset [size]                start a new game (default size: the current one)
# stdout:     queries: size, moves, next, winner, cell, free
# stdout:   vehicle   a vehicle record: database, backend, audit log
# stdout:     save                        store in the database; no-op if saved
# stdout:     send                        send if saved and backend up; no-op if sent
# stdout:     log                         append an audit line  (cannot be undone)
# stdout:     backend <state>             set the simulated backend's health
# stdout:     queries: saved, sent, backend, logs
# stdout:   network   a manager of pending network requests
# stdout:     request <url>               add a pending request (sends nothing)
# stdout:     cancel                      cancel every pending request
# stdout:     queries: waiting, cancelled
# stdout: Statements (separate with `;` or a new line):
# stdout:   undo [n]                        undo the last n steps (default 1)
# stdout:   redo [n]                        redo n undone steps (default 1)
# stdout:   goto n                          go to the state after step n (0: the start)
# stdout:   earlier [n | 30s]               go back n steps in the order made, or in time
# stdout:   later [n | 30s]                 go ahead n steps in the order made, or in time
# stdout:   history                         show the undo tree: each step by its number
# stdout:   show [receiver...]              print the state of some or every receiver
# stdout:   use receiver                    send bare verbs to this receiver first
# stdout:   help [topic]                    this text, or help on one name
# stdout:   repeat n { ... }                run the block n times, as one undo step
# stdout:   macro name [param...] { ... }   define a macro; $param in the body
# stdout:   transaction ["name"] { ... }    run the block all or nothing
# stdout:   if cond { ... } [else ...]      run a block if the condition holds
# stdout:   while cond { ... }              run the block while the condition holds
# stdout:   try { ... } [else { ... }]      run a block; if it fails, undo it and run else
# stdout:   assert cond ["message"]         fail, rolled back, unless it holds
# stdout:   echo value...                   print values: words, numbers, (expressions)
# stdout:   new type name                   make another receiver of a type
# stdout:   queue statement                 check a statement now, run it at `run`
# stdout:   run                             run the queued statements, each its own step
# stdout:   pending                         list the queued statements
# stdout:   discard                         empty the queue
# stdout:   batch n | off                   run the queue whenever n statements wait
# stdout:   source "file"                   check and run a script here; its macros stay
# stdout:   export [tree] "file"            write the undo steps (or tree) as a script
# stdout: Macros:
# stdout:   wave
# stdout:   zig n
# stdout: Example: move up; paint red; repeat 4 { move right 2 }; undo
# stdout: `help NAME` tells more about a receiver, verb (`help shape.move`), query, macro,
# stdout:   statement or word kind (`help colour`).
