# `try { … } else as NAME { … }`: in the `else` block `$NAME` is the failure's message, a
# string, as python's `except … as e`; the `else` handles it, so nothing warns.
vehicle.backend down
try { vehicle.save; vehicle.send } else as e { echo ("not sent: " + $e) }
macro enter d { try { $d.open } else as why { echo "stayed shut: $why" } }
door.lock
enter door
repeat 2 as i { try { door.open } else as e { echo "${i}: $e" } }
queue try { door.open } else as e { echo $e }
pending
show vehicle
# stdout: not sent: vehicle: the backend is down
# stdout: stayed shut: door: the door is locked
# stdout: 1: door: the door is locked
# stdout: 2: door: the door is locked
# stdout: 1  try { door.open } else as e { echo $e }
# stdout: vehicle: not saved, not sent, 0 log lines, backend down
