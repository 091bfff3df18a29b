# args: --json
place 1 1; place 2 1; place 1 2; place 2 2; place 1 3
show board
# stdout: {"receiver": "board", "state": {"size": 3, "cells": ["XXX", "OO.", "..."], "next": "O", "winner": "X"}}
