"""What `cmdscript serve` refuses, over plain HTTP and WebSocket: no token, a wrong token,
another Host (DNS rebinding) or Origin (CSRF), oversized and malformed messages, floods;
what the page may not do (files) unless --allow-files; a client that goes away during a
long statement; Ctrl-C and SIGTERM."""
import http.client
import signal
import subprocess
import time

from conftest import WebSocket, binary


def get(server, path, host=None, headers=None):
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    all_headers = {"Host": host or f"{server.host}:{server.port}", **(headers or {})}
    connection.request("GET", path, headers=all_headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def run(ws, text, ident=1):
    ws.send({"id": ident, "run": text})
    return ws.until(lambda m: m.get("type") == "entry" and m.get("id") == ident
                    or m.get("type") == "error" and m.get("id") == ident)


def test_the_address_is_local_with_a_new_token_each_start(serve):
    first, second = serve(), serve()
    assert first.host == "127.0.0.1" and second.host == "127.0.0.1"
    assert len(first.token) == 64 and first.token != second.token


def test_every_request_needs_the_token(serve):
    server = serve()
    assert get(server, "/")[0] == 403
    assert get(server, "/app.js")[0] == 403
    assert get(server, "/?token=" + "0" * 64)[0] == 403
    assert get(server, "/?token=")[0] == 403
    status, headers, body = get(server, "/?token=" + server.token)
    assert status == 200 and b"<title>CommandScript</title>" in body
    cookie = headers["Set-Cookie"].split(";")[0]
    assert cookie == f"cmdscript_token_{server.port}={server.token}"
    assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
    # The cookie set from the address carries the token for the page's files.
    status, headers, body = get(server, "/connection.js", headers={"Cookie": cookie})
    assert status == 200 and headers["Content-Type"].startswith("text/javascript") and b"WebSocket" in body
    assert get(server, "/app.js", headers={"Cookie": f"cmdscript_token_{server.port}=nope"})[0] == 403
    assert get(server, "/nothing", headers={"Cookie": cookie})[0] == 404


def test_host_and_origin_are_checked(serve):
    server = serve()
    token = "/?token=" + server.token
    # DNS rebinding: a name of the attacker's resolving to 127.0.0.1.
    assert get(server, token, host=f"evil.example:{server.port}")[0] == 403
    assert get(server, token, host="127.0.0.1:1")[0] == 403
    assert get(server, token, host=f"localhost:{server.port}")[0] == 200
    # CSRF: another site's page in the same browser.
    assert get(server, token, headers={"Origin": "http://evil.example"})[0] == 403
    assert get(server, token, headers={"Origin": server.origin})[0] == 200


def test_the_socket_needs_token_host_and_origin(serve):
    server = serve()
    assert WebSocket(server, token=None).status == 403
    assert WebSocket(server, token="f" * 64).status == 403
    assert WebSocket(server, origin="http://evil.example").status == 403
    assert WebSocket(server, origin=False).status == 403
    assert WebSocket(server, host=f"evil.example:{server.port}").status == 403
    ws = WebSocket(server, token=None, cookie=f"cmdscript_token_{server.port}={server.token}")
    assert ws.status == 101
    assert ws.message()["type"] == "hello"
    # Nothing the refused connections could have sent ran.
    reply = run(ws, "history")
    assert reply["outputs"] == [{"kind": "history", "history": []}]


def test_oversized_and_malformed_messages(serve):
    server = serve()
    ws = WebSocket(server)
    assert ws.message()["type"] == "hello"
    ws.send("not json")
    assert ws.until(lambda m: m["type"] == "error")["message"].startswith("not a request")
    ws.send({"id": 2, "other": 1})
    assert ws.until(lambda m: m["type"] == "error")["message"].startswith("not a request")
    ws.send({"id": "x", "run": 5})
    assert ws.until(lambda m: m["type"] == "error")["message"].startswith("not a request")
    ws.send_frame(0x2, b"\x00\x01binary")
    assert ws.until(lambda m: m["type"] == "error")["message"].startswith("send text")
    # Invalid UTF-8 in the entry: a located diagnostic, not a crash.
    reply = run(ws, "move up; paint \u00ff", 3)
    assert reply["rejected"] and reply["diagnostics"]
    # Over 64 KiB: closed with 1009, in one frame or in fragments.
    ws.send({"id": 4, "run": "move up " + "x" * 70_000})
    assert ws.close_code() == 1009
    fragmented = WebSocket(server)
    assert fragmented.message()["type"] == "hello"
    for _ in range(20):
        fragmented.send_frame(0x0 if _ else 0x1, b"y" * 4000, fin=False)
    assert fragmented.close_code() == 1009
    # The server goes on.
    other = WebSocket(server)
    assert other.message()["type"] == "hello"
    assert run(other, "move up")["failed"] is False


def test_a_flood_is_refused_in_part_and_the_rest_runs_in_order(serve):
    server = serve()
    ws = WebSocket(server)
    assert ws.message()["type"] == "hello"
    count = 3000
    for i in range(count):
        ws.send({"id": i, "run": "move up"})
    ran, refused = 0, 0
    while ran + refused < count:
        message = ws.message()
        if message["type"] == "entry" and message["client"] and message["id"] is not None:
            ran += 1
        elif message["type"] == "error":
            assert message["message"].startswith("too many entries waiting")
            refused += 1
    check = WebSocket(server)
    hello = check.message()
    assert [r for r in hello["snapshot"]["receivers"] if r["name"] == "shape"][0]["state"]["y"] == ran
    assert len(check.history()) == ran
    print(f"\nflood of {count}: {ran} ran, {refused} refused")


def test_the_page_touches_no_files_unless_allowed(serve, tmp_path):
    server = serve()
    ws = WebSocket(server)
    ws.message()
    (tmp_path / "defs.cmd").write_text("move up\n")
    for ident, text in enumerate(["source \"defs.cmd\"", "export \"out.cmd\""], 1):
        reply = run(ws, text, ident)
        assert reply["failed"] or reply["rejected"], reply
        assert any("file" in d["message"] or "safe" in d["message"] for d in reply["diagnostics"]), reply
    assert not (tmp_path / "out.cmd").exists()
    allowed = serve("--allow-files")
    ws = WebSocket(allowed)
    ws.message()
    assert run(ws, "move up; export \"out.cmd\"")["diagnostics"] == []
    assert (tmp_path / "out.cmd").exists()


def test_files_run_before_serving(serve, tmp_path):
    (tmp_path / "start.cmd").write_text("macro zig { move up; move right }\nzig\n")
    server = serve("start.cmd")
    ws = WebSocket(server)
    hello = ws.message()
    shape = [r for r in hello["snapshot"]["receivers"] if r["name"] == "shape"][0]
    assert (shape["state"]["x"], shape["state"]["y"]) == (1, 1)
    assert run(ws, "zig")["failed"] is False


def test_a_client_that_leaves_mid_statement_and_ctrl_c(serve, tmp_path):
    journal = tmp_path / "long.journal"
    server = serve("--allow-files", "--session", str(journal))
    ws = WebSocket(server)
    ws.message()
    assert run(ws, "paint red")["failed"] is False
    ws.send({"id": 2, "run": "repeat 1000000000 { move up; move down }"})
    time.sleep(0.5)
    ws.close()
    watcher = WebSocket(server)
    watcher.message()
    # Ctrl-C in the terminal stops the statement a page started, as in the REPL; the
    # server goes on.
    server.process.send_signal(signal.SIGINT)
    report = watcher.until(lambda m: m["type"] == "entry" and m["id"] == 2)
    assert report["failed"] and "interrupted" in report["diagnostics"][0]["message"]
    assert server.alive()
    assert run(watcher, "move left", 3)["failed"] is False
    # SIGTERM: a clean stop, the journal whole.
    assert server.stop() == 0
    again = serve("--session", str(journal))
    ws = WebSocket(again)
    hello = ws.message()
    shape = [r for r in hello["snapshot"]["receivers"] if r["name"] == "shape"][0]
    assert shape["state"] == {"x": -1, "y": 0, "color": "red"}
    assert [s["statement"] for s in ws.history()] == ["paint red", "move left"]
    # Ctrl-C with nothing running stops serving.
    assert again.stop(signal.SIGINT) == 0


def test_sigterm_during_a_long_statement_stops_cleanly(serve, tmp_path):
    journal = tmp_path / "term.journal"
    server = serve("--allow-files", "--session", str(journal))
    ws = WebSocket(server)
    ws.message()
    run(ws, "move up")
    ws.send({"id": 2, "run": "repeat 1000000000 { move right }"})
    time.sleep(0.5)
    assert server.stop() == 0
    ws = WebSocket(serve("--session", str(journal)))
    ws.message()
    assert [s["statement"] for s in ws.history()] == ["move up"]


def test_another_host_is_warned_about(tmp_path):
    process = subprocess.Popen([binary(), "serve", "--port", "0", "--host", "0.0.0.0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().startswith("http://0.0.0.0:")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        assert "reachable from other machines" in process.stderr.read()
    finally:
        process.kill()


def test_usage_errors(tmp_path):
    result = subprocess.run([binary(), "serve", "--port", "70000"], capture_output=True, text=True)
    assert result.returncode == 64 and "--port" in result.stderr
    result = subprocess.run([binary(), "serve", "missing.cmd"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 66 and "missing.cmd" in result.stderr
    result = subprocess.run([binary(), "serve", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "--allow-files" in result.stdout and "token" in result.stdout


def test_a_port_in_use_ends_at_once(serve, tmp_path):
    first = serve()
    result = subprocess.run([binary(), "serve", "--port", str(first.port)], capture_output=True, text=True,
                            timeout=30)
    assert result.returncode == 69 and "cannot listen" in result.stderr and result.stdout == ""
    assert first.alive()


def test_the_state_follows_a_burst_that_ends_in_an_entry_that_does_not_run(serve):
    server = serve()
    ws = WebSocket(server)
    ws.message()
    for i in range(20):
        ws.send({"id": i, "run": "move up"})
    ws.send({"id": 20, "run": "paint purpel"})
    ws.send({"id": 21, "run": "macro open {"})

    def shape_at_20(message):
        if message["type"] != "state":
            return False
        shape = [r for r in message["snapshot"]["receivers"] if r["name"] == "shape"][0]
        return shape["state"]["y"] == 20

    ws.until(shape_at_20)


def test_without_the_server_beside_it(tmp_path):
    alone = tmp_path / "cmdscript"
    alone.write_bytes(open(binary(), "rb").read())
    alone.chmod(0o755)
    result = subprocess.run([str(alone), "serve", "--port", "0"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 69
    assert f"cannot run {tmp_path}/cmdscript-serve" in result.stderr and result.stdout == ""


def test_at_most_64_pages_at_once(serve):
    server = serve()
    pages = [WebSocket(server) for _ in range(64)]
    for page in pages:
        assert page.message()["type"] == "hello"
    extra = WebSocket(server)
    assert extra.status == 101 and extra.close_code() == 1013
    pages.pop().close()
    time.sleep(0.5)
    again = WebSocket(server)
    assert again.message()["type"] == "hello"
