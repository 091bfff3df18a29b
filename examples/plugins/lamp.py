#!/usr/bin/env python3
"""A cmdscript plugin on the kit (plugins/python/cmdscript_plugin.py): a dimmable lamp.

    cmdscript --plugin 'python3 lamp.py' -c 'lamp.on; lamp.dim 40; show lamp'
    cmdscript plugin check 'python3 lamp.py'
"""
import os
import sys

sys.path.append(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "plugins", "python"))
from cmdscript_plugin import Plugin, Refused, boolean, integer, unless, word  # noqa: E402

plugin = Plugin("lamp", batch=True)


@plugin.type("a dimmable lamp", instances=["lamp"])
class Lamp:
    def __init__(self, name):
        self.on, self.level, self.colour = False, 100, "white"

    @plugin.verb("switch it on", infallible=True, changes="on")
    def on(self):
        self.on = True

    @plugin.verb("switch it off", infallible=True, changes="on")
    def off(self):
        self.on = False

    @plugin.verb("set the brightness", changes="level", unavailable=[unless("lit", "the lamp is off")],
                 level=integer(0, 100))
    def dim(self, level):
        if not self.on:
            raise Refused("the lamp is off")
        self.level = level

    @plugin.verb("set the colour", infallible=True, changes="colour", colour=word("white", "warm", "red"))
    def paint(self, colour):
        self.colour = colour

    @plugin.query("the brightness", integer(0, 100))
    def level(self):
        return self.level

    @plugin.query("whether it is on", boolean())
    def lit(self):
        return self.on


plugin.run()
