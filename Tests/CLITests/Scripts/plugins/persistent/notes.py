#!/usr/bin/env python3
"""A persistent notes plugin for the journal's tests: its items live in a JSON file, so
they outlive the process ("persistent": true). It keeps, beside the items, the undo
records each step applied (the step ids `execute` carries), so that it can answer
`applied`, and answer a resume's `execute` in mode "replay" of a step it already applied
with the record it gave then, without applying it twice.

    python3 notes.py FILE [--no-applied] [--pid PIDFILE] [--slow SECONDS]

--no-applied: do not declare `applied` (a plugin that cannot say). --pid: write the
process id there (the kill test stops it). --slow: sleep that long in every `execute`
(--slow-undo: in every `undo`).
--log: append each `execute`'s step and mode there. --fill DIR: `notes.add "fill"` fills
DIR's file system and answers a record of 8 KiB (its undo frees it). `notes.add "hang"`
saves the note, then sleeps for a minute (a plugin that times out after doing it).
Every `undo` of an item that is not there is a phantom: it is written to FILE.phantoms.
"""
import json
import os
import sys
import time

args = sys.argv[1:]
path = args[0]
declares_applied = "--no-applied" not in args
slow = float(args[args.index("--slow") + 1]) if "--slow" in args else 0
slow_undo = float(args[args.index("--slow-undo") + 1]) if "--slow-undo" in args else 0
log = args[args.index("--log") + 1] if "--log" in args else None
fill = args[args.index("--fill") + 1] if "--fill" in args else None
if "--pid" in args:
    with open(args[args.index("--pid") + 1], "w") as f:
        f.write(str(os.getpid()))


def load():
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return {"items": [], "next": 1, "steps": {}}


def save(data):
    # Atomic: a kill leaves the old file or the new one.
    with open(path + ".new", "w") as f:
        json.dump(data, f)
    os.replace(path + ".new", path)


def phantom(text):
    with open(path + ".phantoms", "a") as f:
        f.write(text + "\n")


TYPES = [{
    "name": "notes", "summary": "notes kept in a file",
    "verbs": [{"name": "add", "summary": "add a note", "parameters": [{"name": "text", "kind": "string"}]},
              {"name": "fail", "summary": "always refused", "parameters": []}],
    "queries": [{"name": "count", "summary": "how many notes", "kind": "integer", "parameters": []}],
}]
replayed = {}  # step -> how many of its executes a replay has been answered


def execute(params):
    data = load()
    step, mode = params.get("step"), params.get("mode")
    if slow:
        time.sleep(slow)
    if log:
        with open(log, "a") as f:
            f.write(json.dumps([step, mode]) + "\n")
    if params["verb"] == "fail":
        raise ValueError("refused")
    done = data["steps"].get(step, []) if step else []
    if mode == "replay" and step:
        k = replayed.get(step, 0)
        replayed[step] = k + 1
        if k < len(done):
            return {"undo": done[k]}  # applied before the kill: not again
    item = {"id": data["next"], "text": params["arguments"][0]}
    data["next"] += 1
    data["items"].append(item)
    record = {"id": item["id"], "step": step}
    if step:
        data["steps"].setdefault(step, []).append(record)
    if fill and item["text"] == "fill":
        record["padding"] = "x" * 8192
        try:
            with open(os.path.join(fill, "filler"), "wb") as f:
                while True:
                    f.write(b"\0" * 4096)
                    f.flush()
        except OSError:
            pass
    save(data)
    if item["text"] == "hang":
        time.sleep(60)
    return {"undo": record}


def undo(params):
    if slow_undo:
        time.sleep(slow_undo)
    data = load()
    record = params["undo"]
    if not isinstance(record, dict) or not any(i["id"] == record.get("id") for i in data["items"]):
        phantom(json.dumps(params))
        return
    data["items"] = [i for i in data["items"] if i["id"] != record["id"]]
    if fill and "padding" in record and os.path.exists(os.path.join(fill, "filler")):
        os.remove(os.path.join(fill, "filler"))
    step = record.get("step")
    if step in data["steps"]:
        data["steps"][step] = [r for r in data["steps"][step] if r["id"] != record["id"]]
        if not data["steps"][step]:
            del data["steps"][step]
    save(data)
    return {}


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": 1, "name": "notes", "persistent": True, "applied": declares_applied,
                "types": TYPES, "instances": [{"name": "notes", "type": "notes"}]}
    if method == "execute":
        return execute(params)
    if method == "undo":
        return undo(params) or {}
    if method == "query":
        return {"value": len(load()["items"])}
    if method == "state":
        return {"state": {"items": ",".join(i["text"] for i in load()["items"])}}
    if method == "applied":
        return {"applied": bool(load()["steps"].get(params["step"]))}
    return {}


for line in sys.stdin:
    message = json.loads(line)
    try:
        reply = {"jsonrpc": "2.0", "id": message["id"], "result": handle(message["method"], message.get("params", {}))}
    except ValueError as error:
        reply = {"jsonrpc": "2.0", "id": message["id"], "error": {"code": 1, "message": str(error)}}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
