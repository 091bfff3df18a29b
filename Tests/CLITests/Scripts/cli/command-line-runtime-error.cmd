# mode: none
# args: -c 'door.lock; door.open'
# stderr: 1:12: error: the door is locked
# exit: 1
