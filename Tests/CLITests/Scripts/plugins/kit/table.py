#!/usr/bin/env python3
"""A plugin on the Python kit declared by a table (a protocol TYPE), for the kit's tests:
a shelf of words, `put` undone by a snapshot, `take` by a record."""
import os
import sys

sys.path.append(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "..", "..", "..", "plugins", "python"))
from cmdscript_plugin import Plugin, Refused  # noqa: E402

SHELF = {"name": "shelf", "summary": "words on a shelf",
         "verbs": [{"name": "put", "summary": "put a word", "parameters": [{"name": "w", "kind": "string"}]},
                   {"name": "take", "summary": "take the last word", "parameters": []}],
         "queries": [{"name": "size", "summary": "how many", "kind": "integer", "parameters": []}]}


class Shelf:
    def __init__(self, name):
        self.words = []

    def put(self, w):
        self.words.append(w)

    def take(self):
        if not self.words:
            raise Refused("the shelf is empty")
        return self.words.pop()

    def untake(self, record):
        self.words.append(record)

    def size(self):
        return len(self.words)


plugin = Plugin("shelf")
plugin.declare(SHELF, Shelf, instances=["shelf"], undos={"take": Shelf.untake})
plugin.run()
