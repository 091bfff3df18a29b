move up 1 2
move
board.place 1
door.open now
# stderr: 1:11: error: `move` takes at most 2 arguments (usage: move <direction> [steps])
# stderr: 2:1: error: `move` needs a direction (usage: move <direction> [steps])
# stderr: 3:13: error: `place` needs a col (usage: place <row> <col>)
# stderr: 4:11: error: `open` takes no arguments (usage: open)
# exit: 65
