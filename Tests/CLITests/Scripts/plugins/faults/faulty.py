#!/usr/bin/env python3
"""A plugin that misbehaves on purpose, for the fault tests: `python3 faulty.py MODE`.
Its `gadget` works until `gadget.fault` runs, which then does what MODE says; the modes
`unknown-kind`, `bad-version`, `no-types` and `bad-condition` (`set` unavailable while an
integer query answers) misdeclare at `initialize` instead; with
`batch-exit`, `set` is sent in batches, and the plugin exits at the first one; with
`batch-refuse`, `set` is sent in batches, and `set 13` is refused, naming its call; with
`slow-start`, it takes 6 s to start (to answer `initialize`), then works; with
`debug`, `fault` prints a debug line to standard output; with `flood`, it floods standard
error and never answers; with `escapes`, `note` writes control characters and a 200 KiB
line to standard error; with `fork`, the plugin starts a child (`sleep 300`) and writes
its pid to `child.pid`."""
import json, os, signal, sys, time

mode = sys.argv[1]
value = 0

def types():
    kind = "colour" if mode == "unknown-kind" else "integer"
    return [{"name": "gadget", "summary": "a gadget that fails on `fault`",
             "verbs": [{"name": "set", "summary": "set the value", "infallible": mode.startswith("batch"),
                        "parameters": [{"name": "n", "kind": kind}],
                        **({"unavailable": [{"when": "value", "reason": "it is set"}]}
                           if mode == "bad-condition" else {})},
                       {"name": "fault", "summary": "misbehave", "parameters": []},
                       {"name": "slow", "summary": "add 100, slowly", "parameters": []},
                       {"name": "note", "summary": "write to standard error", "undoable": False}],
             "queries": [{"name": "value", "summary": "the value", "kind": "integer"}]}]

def reply(message, result):
    print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)

for line in sys.stdin:
    message = json.loads(line)
    method, p = message["method"], message.get("params", {})
    if method == "initialize":
        if mode == "slow-start":
            time.sleep(6)
        if mode == "fork":
            import subprocess
            child = subprocess.Popen(["sleep", "300"])
            with open("child.pid", "w") as f:
                f.write(str(child.pid))
        if mode == "no-types":
            reply(message, {"protocolVersion": 1, "name": "faulty"})
        else:
            reply(message, {"protocolVersion": 2 if mode == "bad-version" else 1, "name": "faulty",
                            "batch": mode.startswith("batch"),
                            "types": types(), "instances": [{"name": "gadget", "type": "gadget"}]})
    elif method == "batch" and mode == "batch-exit":
        sys.exit(4)
    elif method == "batch":
        records, index = [], 0
        for kind, name, verb, arguments, *before in p["calls"]:
            for i, args in enumerate(arguments):
                if kind == "execute" and args == [13]:
                    print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "error": {
                        "code": 1, "message": "13 is unlucky", "data": {"call": index}}}), flush=True)
                    break
                if kind == "execute":
                    records.append(value)
                    value = args[0]
                else:
                    value = before[0][i]
                index += 1
            else:
                continue
            break
        else:
            reply(message, {"records": records})
    elif method == "execute" and p["verb"] == "fault":
        if mode == "exit":
            sys.exit(3)
        elif mode == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif mode == "malformed":
            print("{this is not json", flush=True)
        elif mode == "debug":
            print("debug: fault called", flush=True)
            reply(message, {"undo": None})
        elif mode == "wrong-id":
            print(json.dumps({"jsonrpc": "2.0", "id": message["id"] + 7, "result": {"undo": None}}), flush=True)
        elif mode == "wrong-shape":
            print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": [1, 2]}), flush=True)
        elif mode == "flood":
            chunk = "".join("flood line %d\n" % i for i in range(80000))
            for _ in range(8):
                sys.stderr.write(chunk)
            sys.stderr.flush()
            time.sleep(60)
        elif mode == "hang":
            time.sleep(60)
        elif mode == "huge":
            sys.stdout.write("[" + "0," * (9 << 20) + "0]\n")
            sys.stdout.flush()
        else:
            reply(message, {"undo": None})
    elif method == "execute" and p["verb"] == "slow":
        time.sleep(1.5)
        before, value = value, value + 100
        reply(message, {"undo": before})
    elif method == "execute" and p["verb"] == "note" and mode == "escapes":
        sys.stderr.write("\x1b]0;pwned\x07\x1b[2Jtitle\n" + "x" * (200 << 10) + "\nafter\n")
        sys.stderr.flush()
        reply(message, {})
    elif method == "execute" and p["verb"] == "note":
        print("a line for standard error", file=sys.stderr, flush=True)
        print("and another", file=sys.stderr, flush=True)
        reply(message, {})
    elif method == "execute":
        before, value = value, p["arguments"][0]
        reply(message, {"undo": before})
    elif method == "undo":
        if p["verb"] in ("set", "slow"):
            value = p["undo"]
        reply(message, {})
    elif method == "query":
        reply(message, {"value": value})
    elif method == "state":
        reply(message, {"state": {"value": value}})
    else:
        reply(message, {})
