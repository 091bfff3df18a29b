#!/usr/bin/env python3
"""A plugin that speaks the protocol but breaks the receiver laws, for `plugin check`:
undoing `inc` takes off two, asking `peek` changes the state, `colour` answers a number
where it declares a word, `stamp` is not the same when redone, and `jump` adds ten while
it is declared unavailable (`full` always answers true). With the argument
`batch`, `inc` keeps the laws one call at a time but is sent in batches, where it adds two."""
import json, sys

batched = sys.argv[1:] == ["batch"]

state = {"n": 0, "peeks": 0, "stamp": 0}
calls = 0
TYPES = [{"name": "counter", "summary": "a counter that breaks the laws",
          "verbs": [{"name": "inc", "summary": "add one", "parameters": []},
                    {"name": "stamp", "summary": "stamp the call count", "parameters": []},
                    {"name": "jump", "summary": "add ten", "parameters": [],
                     "unavailable": [{"when": "full", "reason": "the counter is full"}]}],
          "queries": [{"name": "peek", "summary": "the count", "kind": "integer", "parameters": []},
                      {"name": "colour", "summary": "a colour", "kind": "word", "values": ["red", "blue"],
                       "parameters": []},
                      {"name": "full", "summary": "always", "kind": "boolean", "parameters": []}]}]

for line in sys.stdin:
    m = json.loads(line)
    method, p = m["method"], m.get("params", {})
    calls += 1
    result = {}
    if method == "initialize":
        result = {"protocolVersion": 1, "name": "lawless", "types": TYPES,
                  "instances": [{"name": "counter", "type": "counter"}], "batch": batched}
        TYPES[0]["verbs"][0]["infallible"] = batched
    elif method == "execute":
        if p["verb"] == "inc":
            state["n"] += 1
        elif p["verb"] == "jump":
            state["n"] += 10
        else:
            state["stamp"] = calls
        result = {"undo": None}
    elif method == "undo":
        if p["verb"] == "inc":
            state["n"] -= 1 if batched else 2
    elif method == "batch":
        records = []
        for kind, name, verb, arguments, *before in p["calls"]:
            if kind == "execute":
                state["n"] += 2 * len(arguments)
                records += [None] * len(arguments)
            else:
                state["n"] -= len(arguments)
        result = {"records": records}
    elif method == "query":
        state["peeks"] += 1
        result = {"value": state["n"] if p["query"] == "peek" else True if p["query"] == "full" else 7}
    elif method == "state":
        result = {"state": dict(state)}
    print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result}), flush=True)
