# args: --json
place 1 1; place 1 2; place 1 3; place 2 2; place 2 1; place 2 3; place 3 2; place 3 1; place 3 3
show board
# stdout: {"receiver": "board", "state": {"size": 3, "cells": ["XOX", "XOO", "OXX"], "next": "O", "winner": "draw"}}
