# args: --json
# `show vars` under `--json` is a receiver's line; `show` alone includes it when there
# are variables.
show vars
var name = "Ada \"L\""
let k = 2.5
var c = blue
var flag = false
show vars
show
# stdout: {"receiver": "vars", "state": {}}
# stdout: {"receiver": "vars", "state": {"name": "Ada \"L\"", "k": 2.5, "c": "blue", "flag": false}}
# stdout: {"receiver": "shape", "state": {"x": 0, "y": 0, "color": "blue"}, "view": {"path": [[0, 0]]}}
# stdout: {"receiver": "door", "state": {"open": false, "locked": false}}
# stdout: {"receiver": "board", "state": {"size": 3, "cells": ["...", "...", "..."], "next": "X", "winner": null}}
# stdout: {"receiver": "vehicle", "state": {"saved": false, "sent": false, "log": 0, "backend": "up"}}
# stdout: {"receiver": "network", "state": {"pending": [], "cancelled": 0}}
# stdout: {"receiver": "vars", "state": {"name": "Ada \"L\"", "k": 2.5, "c": "blue", "flag": false}}
