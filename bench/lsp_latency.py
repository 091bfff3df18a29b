#!/usr/bin/env python3
"""How long `cmdscript lsp` takes to answer a change to a 10,000-line document with its
diagnostics: bench/lsp_latency.py BINARY (a release build, scripts/build-release).
A benchmark, not a test: the machine is shared and noisy; it prints the median of 20."""
import json, subprocess, sys, time
binary = sys.argv[1]
lines = []
for i in range(10000):
    lines.append(["move up 2", "paint red", "if shape.x < 5 { move right } else { move left 3 }", "macro m%d n { move up $n; paint blue }" % i, "door.open; door.close", "repeat 3 { move down }"][i % 6])
text = "\n".join(lines) + "\n"
p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(obj):
    b = json.dumps(obj).encode(); p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def recv():
    n = None
    while True:
        line = p.stdout.readline()
        if line in (b"\r\n", b""): break
        if line.lower().startswith(b"content-length:"): n = int(line.split(b":")[1])
    return json.loads(p.stdout.read(n))
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}); recv()
uri = "file:///tmp/big.cmd"
send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":uri,"languageId":"commandscript","version":1,"text":text}}}); recv()
times = []
for k in range(20):
    changed = text.replace("paint red", "paint re" + ("d" if k % 2 else "x"), 1)
    t = time.perf_counter()
    send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":k+2},"contentChanges":[{"text":changed}]}})
    m = recv()
    times.append((time.perf_counter() - t) * 1000)
    assert m["method"] == "textDocument/publishDiagnostics"
times.sort()
print("10,000 lines (%d bytes): change to diagnostics: median %.1f ms, min %.1f, max %.1f" % (len(text), times[len(times)//2], times[0], times[-1]))
send({"jsonrpc":"2.0","id":9,"method":"shutdown"}); recv(); send({"jsonrpc":"2.0","method":"exit"}); p.wait()
