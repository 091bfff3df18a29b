help door
help move
# stdout: door: a door that opens, closes and locks
# stdout:   open                        open the door; fails if it is locked
# stdout:     unavailable while locked: the door is locked
# stdout:     unavailable while open: the door is already open
# stdout:   close                       close the door
# stdout:     unavailable while not open: the door is already closed
# stdout:   lock                        lock the door; fails if it is open
# stdout:     unavailable while open: the door is open
# stdout:     unavailable while locked: the door is already locked
# stdout:   unlock                      unlock the door
# stdout:     unavailable while not locked: the door is not locked
# stdout:   Queries, asked as `door.open`:
# stdout:   open                        whether it is open: boolean
# stdout:   locked                      whether it is locked: boolean
# stdout: shape.move <direction> [steps]    move some steps in a direction
# stdout:     direction: direction (up down left right)
# stdout:     steps: integer ≥ 1, default 1
