#!/usr/bin/env python3
"""A plugin that speaks the protocol but breaks the receiver laws, for `plugin check`:
undoing `inc` takes off two, asking `peek` changes the state, `colour` answers a number
where it declares a word, and `stamp` is not the same when redone."""
import json, sys

state = {"n": 0, "peeks": 0, "stamp": 0}
calls = 0
TYPES = [{"name": "counter", "summary": "a counter that breaks the laws",
          "verbs": [{"name": "inc", "summary": "add one", "parameters": []},
                    {"name": "stamp", "summary": "stamp the call count", "parameters": []}],
          "queries": [{"name": "peek", "summary": "the count", "kind": "integer", "parameters": []},
                      {"name": "colour", "summary": "a colour", "kind": "word", "values": ["red", "blue"],
                       "parameters": []}]}]

for line in sys.stdin:
    m = json.loads(line)
    method, p = m["method"], m.get("params", {})
    calls += 1
    result = {}
    if method == "initialize":
        result = {"protocolVersion": 1, "name": "lawless", "types": TYPES,
                  "instances": [{"name": "counter", "type": "counter"}]}
    elif method == "execute":
        if p["verb"] == "inc":
            state["n"] += 1
        else:
            state["stamp"] = calls
        result = {"undo": None}
    elif method == "undo":
        if p["verb"] == "inc":
            state["n"] -= 2
    elif method == "query":
        state["peeks"] += 1
        result = {"value": state["n"] if p["query"] == "peek" else 7}
    elif method == "state":
        result = {"state": dict(state)}
    print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result}), flush=True)
