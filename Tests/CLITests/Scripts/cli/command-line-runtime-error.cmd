# mode: none
# args: -c 'door.lock; door.open'
# stderr: 1:12: error: door: the door is locked
# exit: 1
