# args: --json
# With --json, `show` prints one {"receiver": NAME, "state": STATE} line per receiver.
move up; paint red
door.open
board.place 2 2
show
show door
# stdout: {"receiver": "shape", "state": {"x": 0, "y": 1, "color": "red"}}
# stdout: {"receiver": "door", "state": {"open": true, "locked": false}}
# stdout: {"receiver": "board", "state": {"size": 3, "cells": ["...", ".X.", "..."], "next": "O", "winner": null}}
# stdout: {"receiver": "door", "state": {"open": true, "locked": false}}
