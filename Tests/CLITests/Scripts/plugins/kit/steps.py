#!/usr/bin/env python3
"""A persistent plugin on the Python kit, for the kit's tests: `log.mark WORD` keeps the
word with the `step` and `mode` its `execute` carried, undone by a record; `applied` says
whether a step was marked."""
import os
import sys

sys.path.append(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "..", "..", "..", "plugins", "python"))
from cmdscript_plugin import Plugin, word  # noqa: E402

plugin = Plugin("steps", persistent=True)


@plugin.type("what each step did", name="log", instances=["log"])
class Log:
    def __init__(self, name):
        self.marks = []

    @plugin.verb("mark a word", what=word("a", "b"))
    def mark(self, what):
        print("marking", what)  # a debug line: the kit sends it to standard error
        self.marks.append([what, plugin.step, plugin.mode])
        return len(self.marks) - 1

    @plugin.undoes("mark")
    def unmark(self, record, what):
        del self.marks[record]


@plugin.applied
def applied(step):
    return any(mark[1] == step for mark in plugin.instances["log"][1].marks)


plugin.run()
