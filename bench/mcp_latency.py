#!/usr/bin/env python3
"""How long `cmdscript mcp` takes to answer a `run` of one statement and a `preview` of it,
measured from the request written to the answer read: bench/mcp_latency.py BINARY [--session]
(a release build, scripts/build-release). A benchmark, not a test: the machine is shared and
noisy; it prints the median of 1,000 calls of each, and the size of `tools/list`."""
import json, os, subprocess, sys, tempfile, time

binary = sys.argv[1]
arguments = ["mcp"]
if "--session" in sys.argv:
    arguments += ["--session", os.path.join(tempfile.mkdtemp(), "bench.cmdsession")]
p = subprocess.Popen([binary, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
ids = iter(range(1, 10**9))


def call(method, params=None):
    message = {"jsonrpc": "2.0", "id": next(ids), "method": method}
    if params is not None:
        message["params"] = params
    p.stdin.write((json.dumps(message) + "\n").encode())
    p.stdin.flush()
    return json.loads(p.stdout.readline())


call("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
tools = call("tools/list")["result"]
print("tools/list: %d characters of JSON (compact), %d as sent" % (
    len(json.dumps(tools, separators=(",", ":"))), len(json.dumps(tools))))


def median(tool, script):
    times = []
    for k in range(1000):
        t = time.perf_counter()
        answer = call("tools/call", {"name": tool, "arguments": {"script": script}})
        times.append((time.perf_counter() - t) * 1000)
        assert not answer["result"]["isError"], answer
    times.sort()
    return times[len(times) // 2], times[0], times[-1]


for tool in ["preview", "run"]:
    m, lo, hi = median(tool, "move up")
    print("%s of one statement: median %.3f ms, min %.3f, max %.3f (1,000 calls)" % (tool, m, lo, hi))
p.stdin.close()
p.wait()
