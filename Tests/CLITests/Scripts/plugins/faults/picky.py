#!/usr/bin/env python3
"""A plugin whose verbs rarely succeed, for `plugin check`'s coverage: `files.mv FROM TO`
succeeds only for a file it has (`a.txt`), `files.pick N` (0 to 40) only for 37. With the
argument `examples`, `mv`'s FROM declares `examples: ["a.txt"]`. It declares itself `picky`
only when `initialize` says `"check": true` and it runs in a scratch folder that is also
its HOME; otherwise `unsafe`."""
import json, os, sys

files = {"a.txt"}
picked = []
examples = {"examples": ["a.txt"]} if sys.argv[1:] == ["examples"] else {}

def reply(message, result=None, error=None):
    body = {"jsonrpc": "2.0", "id": message["id"]}
    body.update({"error": {"code": 1, "message": error}} if error else {"result": result})
    print(json.dumps(body), flush=True)

for line in sys.stdin:
    message = json.loads(line)
    method, p = message["method"], message.get("params", {})
    if method == "initialize":
        here = os.getcwd()
        safe = p.get("check") is True and here == os.environ.get("HOME") and "/cmdscript-check-" in here
        reply(message, {"protocolVersion": 1, "name": "picky" if safe else "unsafe", "types": [{
            "name": "files", "summary": "files that rarely move", "verbs": [
                {"name": "mv", "summary": "rename", "parameters": [
                    dict({"name": "from", "kind": "string"}, **examples), {"name": "to", "kind": "string"}]},
                {"name": "pick", "summary": "pick 37", "parameters": [
                    {"name": "n", "kind": "integer", "min": 0, "max": 40}]}]}],
            "instances": [{"name": "files", "type": "files"}]})
    elif method == "execute" and p["verb"] == "mv":
        source, target = p["arguments"]
        if source not in files or target in files or source == target:
            reply(message, error=f"cannot move {source} to {target}")
        else:
            files.remove(source)
            files.add(target)
            reply(message, {"undo": [source, target]})
    elif method == "execute":
        if p["arguments"][0] != 37:
            reply(message, error="not 37")
        else:
            picked.append(37)
            reply(message, {"undo": None})
    elif method == "undo":
        if p["verb"] == "mv":
            source, target = p["undo"]
            files.remove(target)
            files.add(source)
        else:
            picked.pop()
        reply(message, {})
    elif method == "state":
        reply(message, {"state": {"files": sorted(files), "picked": len(picked)}})
    else:
        reply(message, {})
