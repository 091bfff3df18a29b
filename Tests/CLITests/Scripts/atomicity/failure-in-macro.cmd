# A failure deep in macros names the failing command, then each call that led to it.
macro enter { door.open; move up }
macro visit { paint red; enter }
door.lock
visit
# stderr: 2:15: error: door: the door is locked
# stderr: 3:26: note: in macro `enter` called here
# stderr: 5:1: note: in macro `visit` called here
# exit: 1
