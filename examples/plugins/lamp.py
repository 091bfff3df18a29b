#!/usr/bin/env python3
"""A cmdscript plugin in one file: a dimmable lamp (PLUGINS.md describes the protocol).

    cmdscript --plugin 'python3 lamp.py' -c 'lamp.on; lamp.dim 40; show lamp'
    cmdscript plugin check 'python3 lamp.py'
"""
import gc
import json
import sys

# A batch is many small lists, which nothing here keeps in cycles: the cycle collector
# would only spend time scanning them.
gc.disable()

TYPES = [{
    "name": "lamp", "summary": "a dimmable lamp",
    "verbs": [
        {"name": "on", "summary": "switch it on", "parameters": [], "infallible": True},
        {"name": "off", "summary": "switch it off", "parameters": [], "infallible": True},
        {"name": "dim", "summary": "set the brightness",
         "parameters": [{"name": "level", "kind": "integer", "min": 0, "max": 100}]},
        {"name": "paint", "summary": "set the colour", "infallible": True,
         "parameters": [{"name": "colour", "kind": "word", "values": ["white", "warm", "red"]}]},
    ],
    "queries": [
        {"name": "level", "summary": "the brightness", "kind": "integer", "min": 0, "max": 100,
         "parameters": []},
        {"name": "lit", "summary": "whether it is on", "kind": "boolean", "parameters": []},
    ],
}]

lamps = {"lamp": {"on": False, "level": 100, "colour": "white"}}


class Refused(Exception):
    """A command that cannot run: the statement fails with this message."""


# What each verb changes: its undo record is that field's value before.
FIELD = {"on": "on", "off": "on", "dim": "level", "paint": "colour"}


def execute(lamp, verb, args):
    """Does `verb` and returns what undo needs: the value it replaced."""
    field = FIELD[verb]
    before = lamp[field]
    if verb == "dim" and not lamp["on"]:
        raise Refused("the lamp is off")
    lamp[field] = True if verb == "on" else False if verb == "off" else args[0]
    return before


def undo(lamp, verb, before):
    lamp[FIELD[verb]] = before


def handle(method, p):
    if method == "initialize":
        return {"protocolVersion": 1, "name": "lamp", "persistent": False, "batch": True, "types": TYPES,
                "instances": [{"name": "lamp", "type": "lamp"}]}
    if method == "batch":  # optional: runs of executes of infallible verbs, and of undos
        records = []
        for kind, name, verb, arguments, *before in p["calls"]:
            lamp = lamps[name]
            if kind == "execute":
                records += [execute(lamp, verb, args) for args in arguments]
            else:
                for record in before[0]:
                    undo(lamp, verb, record)
        return {"records": records}  # one undo record per execute, in order
    if method == "new":
        lamps.setdefault(p["name"], {"on": False, "level": 100, "colour": "white"})
        return {}
    if method == "execute":
        return {"undo": execute(lamps[p["instance"]], p["verb"], p["arguments"])}
    if method == "undo":
        undo(lamps[p["instance"]], p["verb"], p["undo"])
        return {}
    if method == "query":
        lamp = lamps[p["instance"]]
        return {"value": lamp["level"] if p["query"] == "level" else lamp["on"]}
    if method == "state":
        return {"state": lamps[p["instance"]]}
    if method == "shutdown":
        return {}
    raise KeyError(method)


for line in sys.stdin:
    message = json.loads(line)
    try:
        reply = {"result": handle(message["method"], message.get("params", {}))}
    except Refused as refused:
        reply = {"error": {"code": 1, "message": str(refused)}}
    except KeyError as unknown:
        reply = {"error": {"code": -32601, "message": f"unknown method or name {unknown}"}}
    reply["jsonrpc"], reply["id"] = "2.0", message["id"]
    print(json.dumps(reply), flush=True)
