"""The server's connections, tried with raw sockets as a browser and an adversary would: a
page that leaves with a close frame (as on a reload) and the next one answered, dead pages
closed, and the limits that hold before anyone has the token (a header's size, idle and slow
connections, the number of connections, a frame's declared length, one Host). Loopback only,
every loop bounded."""
import socket
import struct
import time

from conftest import WebSocket
from refusals_test import get


def hello(ws):
    ws.sock.settimeout(60)
    return ws.until(lambda m: m.get("type") == "hello")


def run(ws, text, ident):
    ws.send({"id": ident, "run": text})
    return ws.until(lambda m: m.get("type") == "entry" and m.get("id") == ident)


def raw(server):
    sock = socket.create_connection((server.host, server.port), timeout=60)
    return sock


def response_of(sock):
    """The status line's code of what the server answers on `sock` (0: closed silently)."""
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return int(data.split(b" ")[1]) if data else 0


def test_a_page_that_leaves_with_a_close_frame_and_the_next_one_is_answered(serve):
    server = serve()
    for attempt in range(40):
        leaving = WebSocket(server)
        assert leaving.status == 101
        hello(leaving)
        leaving.send({"id": 1, "run": "move up"})
        leaving.send_frame(0x8, struct.pack(">H", 1001))
        leaving.close()
        following = WebSocket(server)
        assert following.status == 101, f"attempt {attempt}: no handshake"
        hello(following)
        assert run(following, "move right", 2)["failed"] is False, f"attempt {attempt}"
        following.send_frame(0x8, struct.pack(">H", 1001))
        assert following.close_code() == 1001
        following.close()
    check = WebSocket(server)
    shape = [r for r in hello(check)["snapshot"]["receivers"] if r["name"] == "shape"][0]
    # Every entry sent before the close frame ran too.
    assert shape["state"]["x"] == 40 and shape["state"]["y"] == 40


def test_pages_gone_without_a_word_are_closed(serve):
    server = serve()
    for _ in range(3):
        # 64 pages at once is the limit: were the gone ones kept, the next round would be refused.
        pages = [WebSocket(server) for _ in range(64)]
        for page in pages:
            hello(page)
        for page in pages:
            page.sock.close()
    deadline = time.monotonic() + 120
    while True:
        again = WebSocket(server)
        message = again.frame()
        if message[0] == 0x1:
            break
        assert time.monotonic() < deadline, "timed out after 120 s waiting for the gone pages to be closed"
        again.close()
        time.sleep(0.2)


def test_a_quiet_page_is_pinged(serve):
    server = serve()
    ws = WebSocket(server)
    hello(ws)
    ws.sock.settimeout(120)
    opcode, _ = ws.frame()
    assert opcode == 0x9


def test_a_header_line_without_end_is_refused_431_in_linear_time(serve):
    server = serve()
    sock = raw(server)
    sock.sendall(b"GET /?token=" + server.token.encode() + b" HTTP/1.1\r\nX: ")
    sent = 0
    try:
        while sent < 512 * 1024:
            sock.sendall(b"a" * 16384)
            sent += 16384
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert response_of(sock) == 431
    # The server goes on at once for a request with the token.
    assert get(server, "/?token=" + server.token)[0] == 200


def test_two_host_headers_are_refused(serve):
    server = serve()
    sock = raw(server)
    sock.sendall((f"GET /?token={server.token} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
                  f"Host: {server.host}:{server.port}\r\n\r\n").encode())
    assert response_of(sock) == 400


def test_idle_and_slow_connections_are_closed(serve):
    server = serve()
    idle = raw(server)
    slow = raw(server)
    slow.sendall(b"GET / HTTP/1.1\r\n")
    # Within the head's 10 s (the socket's 60 s wait guards against a hang): the idle one
    # closed without a word, as a kept-alive connection is; the slow one told 408.
    for sock, status in ((idle, 0), (slow, 408)):
        assert response_of(sock) == status
        assert sock.recv(1) == b""


def test_more_connections_than_the_cap_are_refused_and_the_server_goes_on(serve):
    server = serve()
    held = [raw(server) for _ in range(256)]
    # Every one of them is taken, idle; the next is told to try later.
    extra = raw(server)
    assert response_of(extra) == 503
    assert server.alive()
    for sock in held:
        sock.close()
    deadline = time.monotonic() + 120
    while get(server, "/?token=" + server.token)[0] != 200:
        assert time.monotonic() < deadline, "timed out after 120 s"
        time.sleep(0.2)


def test_a_frame_over_the_limit_is_refused_on_its_declared_length(serve):
    server = serve()
    ws = WebSocket(server)
    hello(ws)
    # The header alone declares 512 MB: the server answers 1009 without waiting for it.
    ws.sock.sendall(bytes([0x81, 0x80 | 127]) + struct.pack(">Q", 512 * 1024 * 1024) + b"\0\0\0\0")
    assert ws.close_code() == 1009


def machine_address():
    """One of this machine's own non-loopback IPv4 addresses, if it has one."""
    import subprocess
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return next((a for a in out if "." in a and not a.startswith("127.")), None)


def test_every_interface_accepts_the_machines_addresses(serve):
    import pytest
    address = machine_address()
    if address is None:
        pytest.skip("no non-loopback IPv4 address on this machine")
    server = serve("--host", "0.0.0.0")
    # Connected over loopback, named as a page opened at the machine's address would be.
    assert get(server, "/?token=" + server.token, host=f"{address}:{server.port}")[0] == 200
    assert get(server, "/?token=" + server.token, host=f"203.0.113.9:{server.port}")[0] == 403
