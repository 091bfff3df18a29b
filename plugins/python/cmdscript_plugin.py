"""cmdscript_plugin: a cmdscript plugin (PLUGINS.md) in a few lines. One file, the standard
library only: copy it beside your plugin (`cmdscript plugin new NAME --python` does).

    from cmdscript_plugin import Plugin, Refused, integer

    plugin = Plugin("counter")

    @plugin.type("a number to add to", instances=["counter"])
    class Counter:
        def __init__(self, name):
            self.value = 0

        @plugin.verb("add N", n=integer(1, 100))
        def add(self, n):
            if self.value + n > 1000:
                raise Refused("the counter stops at 1000")
            self.value += n

    plugin.run()

A verb is undone by a snapshot of the receiver's state (its public attributes, which must
be JSON values, or what its `snapshot()` returns, given back to `restore(record)`), or by
records: a verb whose undo is declared with `@plugin.undoes("verb")` returns its record,
and that function is called with it. A verb that raises `Refused` fails the command; under
a snapshot, whatever it changed first is put back. `print` writes to standard error, so
that a debug line never breaks the protocol. The declarations can also be a table: a
protocol TYPE (a dict) given to `plugin.declare(TYPE, cls)`, whose verbs and queries are
the class's methods of the same names. A verb's `unavailable=[unless("lit", "the lamp is
off")]` (or `when(...)`) says when it cannot work: the page disables it then.
"""

import json
import sys

__all__ = ["Plugin", "Refused", "integer", "decimal", "string", "boolean", "word", "when", "unless"]


class Refused(Exception):
    """A command that fails: the statement fails with this message, and is rolled back."""


def _kind(kind, **extra):
    return dict(kind=kind, **{k: v for k, v in extra.items() if v is not None})


def integer(min=None, max=None, default=None, examples=None):
    return _kind("integer", min=min, max=max, default=default, examples=examples)


def decimal(min=None, max=None, default=None, examples=None):
    return _kind("decimal", min=min, max=max, default=default, examples=examples)


def string(default=None, examples=None):
    return _kind("string", default=default, examples=examples)


def boolean(default=None):
    return _kind("boolean", default=default)


def word(*values, default=None):
    return _kind("word", values=list(values), default=default)


def when(query, reason):
    """A verb's condition (`unavailable=[...]`): it cannot work while the boolean query
    `query` (no arguments) answers true, because of `reason`; the page disables it."""
    return {"when": query, "reason": reason}


def unless(query, reason):
    """A verb's condition: it cannot work while the boolean query `query` answers false."""
    return {"unless": query, "reason": reason}


class _Fields:
    """The undo of a verb that changes `fields`: its record is their values before (the
    value itself for one field)."""

    def __init__(self, fields):
        if len(fields) == 1:
            field = fields[0]
            self.keep = lambda receiver: getattr(receiver, field)
            self.put = lambda receiver, record: setattr(receiver, field, record)
        else:
            self.keep = lambda receiver: [getattr(receiver, f) for f in fields]
            self.put = lambda receiver, record: [setattr(receiver, f, v) for f, v in zip(fields, record)]


class _Failed(Exception):
    def __init__(self, message, call):
        super().__init__(message)
        self.call = call


class Plugin:
    """A plugin: its types, the live instances, and the protocol loop (`run`)."""

    def __init__(self, name, persistent=False, batch=False):
        self.name, self.persistent, self.batch = name, persistent, batch and not persistent
        self.types = {}  # name: (TYPE, class, {verb: (function, undo or None)}, {query: function})
        self.instances = {}  # name: (type, object)
        self.check = False  # `cmdscript plugin check` runs it: use scratch storage.
        self.step, self.mode = None, "live"  # of the `execute` being run (PLUGINS.md)
        self._applied = None

    # Declarations

    def verb(self, summary="", undoable=True, infallible=False, changes=None, unavailable=(), **parameters):
        """A verb; `changes` names the attributes it changes (a name or a tuple): its undo
        record is then their values before, cheaper than a snapshot of the whole state.
        `unavailable` lists when it cannot work: `[unless("lit", "the lamp is off")]`."""
        def mark(function):
            fields = (changes,) if isinstance(changes, str) else changes
            function._cmdscript = ("verb", summary, parameters, undoable, infallible, fields, list(unavailable))
            return function
        return mark

    def query(self, summary, kind, **parameters):
        def mark(function):
            function._cmdscript = ("query", summary, parameters, kind)
            return function
        return mark

    def undoes(self, verb):
        """Declares the undo of `verb`: called with the record `verb` returned, then its
        arguments."""
        def mark(function):
            function._cmdscript_undoes = verb
            return function
        return mark

    def applied(self, function):
        """For a persistent plugin: `function(step)` says whether the statement `step` (an
        `execute`'s `step`) was applied, for a resume after a crash."""
        self._applied = function
        return function

    def type(self, summary, name=None, instances=()):
        def declare(cls):
            verbs, queries, undos = [], [], {}
            for attribute, function in vars(cls).items():
                mark = getattr(function, "_cmdscript", None)
                if getattr(function, "_cmdscript_undoes", None):
                    undos[function._cmdscript_undoes] = function
                if mark and mark[0] == "verb":
                    _, text, parameters, undoable, infallible, fields, unavailable = mark
                    if fields:
                        undos[attribute] = fields
                    verbs.append({"name": attribute, "summary": text, "parameters": _parameters(parameters),
                                  "undoable": undoable, "infallible": infallible})
                    if unavailable:
                        verbs[-1]["unavailable"] = unavailable
                elif mark:
                    _, text, parameters, kind = mark
                    queries.append(dict(kind, name=attribute, summary=text, parameters=_parameters(parameters)))
            table = {"name": name or cls.__name__.lower(), "summary": summary, "verbs": verbs, "queries": queries}
            self.declare(table, cls, instances, undos)
            return cls
        return declare

    def declare(self, table, cls, instances=(), undos=None):
        """Declares the protocol TYPE `table`, whose receivers are `cls(name)` objects."""
        undos = undos or {name: f for f in vars(cls).values() if (name := getattr(f, "_cmdscript_undoes", None))}
        verbs = {v["name"]: (getattr(cls, v["name"]), undos.get(v["name"])) for v in table.get("verbs", [])}
        # An undo given as the attributes a verb changes: their values are its record.
        verbs = {name: (run, _Fields(undo) if isinstance(undo, tuple) else undo) for name, (run, undo) in verbs.items()}
        queries = {q["name"]: getattr(cls, q["name"]) for q in table.get("queries", [])}
        self.types[table["name"]] = (table, cls, verbs, queries, list(instances))

    # The protocol

    def run(self):
        """Answers requests, one JSON-RPC message per line, until standard input closes."""
        out, sys.stdout = sys.stdout, sys.stderr
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            try:
                response = {"result": self.handle(request["method"], request.get("params") or {})}
            except Refused as failure:
                response = {"error": {"code": 1, "message": str(failure)}}
            except _Failed as failure:
                response = {"error": {"code": 1, "message": str(failure), "data": {"call": failure.call}}}
            except Exception as failure:  # a bug: said on standard error, answered as an error
                import traceback
                traceback.print_exc()
                response = {"error": {"code": -32603, "message": f"{type(failure).__name__}: {failure}"}}
            out.write(json.dumps({"jsonrpc": "2.0", "id": request.get("id"), **response}) + "\n")
            out.flush()

    def handle(self, method, p):
        if method == "initialize":
            self.check = p.get("check") is True
            made = [{"name": i, "type": t} for t, entry in self.types.items() for i in entry[4]]
            for instance in made:
                self.new(instance["type"], instance["name"])
            return {"protocolVersion": 1, "name": self.name, "persistent": self.persistent, "batch": self.batch,
                    "applied": self._applied is not None, "types": [e[0] for e in self.types.values()],
                    "instances": made}
        if method == "new":
            self.new(p["type"], p["name"])
        elif method == "execute":
            self.step, self.mode = p.get("step"), p.get("mode", "live")
            return {"undo": self.execute(p["instance"], p["verb"], p["arguments"])}
        elif method == "undo":
            self.undo(p["instance"], p["verb"], p["arguments"], p.get("undo"))
        elif method == "query":
            kind, receiver = self.instances[p["instance"]]
            return {"value": self.types[kind][3][p["query"]](receiver, *p["arguments"])}
        elif method == "state":
            receiver = self.instances[p["instance"]][1]
            return {"state": receiver.state() if hasattr(receiver, "state") else _public(receiver)}
        elif method == "batch":
            return self.run_batch(p["calls"])
        elif method == "applied":
            return {"applied": bool(self._applied and self._applied(p["step"]))}
        elif method != "shutdown":
            raise Refused(f"unknown method `{method}`")
        return {}

    def new(self, kind, name):
        self.instances[name] = (kind, self.types[kind][1](name))

    def execute(self, instance, verb, arguments):
        kind, receiver = self.instances[instance]
        run, undo = self.types[kind][2][verb]
        if undo.__class__ is _Fields:
            before = undo.keep(receiver)
            run(receiver, *arguments)
            return before
        if undo:
            return run(receiver, *arguments)
        before = _snapshot(receiver)
        try:
            run(receiver, *arguments)
        except Exception:
            _restore(receiver, before)  # a failed command changes nothing
            raise
        return before

    def undo(self, instance, verb, arguments, record):
        kind, receiver = self.instances[instance]
        undo = self.types[kind][2][verb][1]
        if undo.__class__ is _Fields:
            undo.put(receiver, record)
        elif undo:
            undo(receiver, record, *arguments)
        else:
            _restore(receiver, record)

    def run_batch(self, calls):
        records, index = [], 0
        for kind, instance, verb, arguments, *before in calls:
            receiver = self.instances[instance][1]
            run, undo = self.types[self.instances[instance][0]][2][verb]
            try:
                if kind == "execute" and undo.__class__ is _Fields:  # the fast path: a run of one verb
                    keep, append = undo.keep, records.append
                    for args in arguments:
                        append(keep(receiver))
                        run(receiver, *args)
                    index += len(arguments)
                elif kind == "execute":
                    for args in arguments:
                        records.append(self.execute(instance, verb, args))
                        index += 1
                elif undo.__class__ is _Fields:
                    for record in before[0]:
                        undo.put(receiver, record)
                    index += len(arguments)
                else:
                    for args, record in zip(arguments, before[0]):
                        self.undo(instance, verb, args, record)
                        index += 1
            except Refused as failure:
                raise _Failed(str(failure), index)
        return {"records": records}


def _parameters(parameters):
    return [dict(kind, name=name) for name, kind in parameters.items()]


def _public(receiver):
    return {k: v for k, v in vars(receiver).items() if not k.startswith("_")}


def _snapshot(receiver):
    if hasattr(receiver, "snapshot"):
        return receiver.snapshot()
    return json.loads(json.dumps(_public(receiver)))


def _restore(receiver, record):
    if hasattr(receiver, "restore"):
        return receiver.restore(record)
    for key in list(_public(receiver)):
        delattr(receiver, key)
    vars(receiver).update(json.loads(json.dumps(record)))
