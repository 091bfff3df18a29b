# args: --json
# With --json, `show` prints one {"receiver": NAME, "state": STATE} line per receiver,
# with "view": VIEW for a receiver that has one (the shape's path, oldest point first).
move up; paint red
door.open
board.place 2 2
show
show door
# stdout: {"receiver": "shape", "state": {"x": 0, "y": 1, "color": "red"}, "view": {"path": [[0, 0], [0, 1]]}}
# stdout: {"receiver": "door", "state": {"open": true, "locked": false}}
# stdout: {"receiver": "board", "state": {"size": 3, "cells": ["...", ".X.", "..."], "next": "O", "winner": null}}
# stdout: {"receiver": "vehicle", "state": {"saved": false, "sent": false, "log": 0, "backend": "up"}}
# stdout: {"receiver": "network", "state": {"pending": [], "cancelled": 0}}
# stdout: {"receiver": "door", "state": {"open": true, "locked": false}}
