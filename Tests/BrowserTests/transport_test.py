"""The server's transport, with raw sockets, for what connections_test does not try: the
reply and the state after it in one segment, a server out of descriptors that goes on, a
head with too many headers, HEAD, and frames a browser never sends. Loopback only, every
loop bounded."""
import json
import os
import resource
import socket
import struct
import time

from conftest import WebSocket
from connections_test import hello, raw, response_of
from refusals_test import get


def test_the_reply_and_the_state_leave_in_one_write(serve):
    server = serve()
    ws = WebSocket(server)
    hello(ws)
    ws.send({"id": 1, "run": "move up"})
    # Both frames were written at once: the first read that returns has them both.
    ws.sock.settimeout(60)
    first = ws.sock.recv(1 << 20)
    ws.buffer = first
    kinds = []
    while ws.buffer:
        _, opcode, payload = ws._one_frame()
        kinds.append(json.loads(payload)["type"])
    assert kinds == ["entry", "state"]


def test_out_of_descriptors_the_server_goes_on(serve):
    server = serve()
    # Fewer descriptors than the cap of connections: accepting fails with EMFILE.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.prlimit(server.process.pid, resource.RLIMIT_NOFILE, (64, hard))
    held = []
    for _ in range(100):
        try:
            held.append(socket.create_connection((server.host, server.port), timeout=10))
        except OSError:
            break
    time.sleep(1)
    # The server took descriptors up to its limit and went on.
    assert len(os.listdir(f"/proc/{server.process.pid}/fd")) >= 60
    assert server.alive()
    for sock in held:
        sock.close()
    deadline = time.monotonic() + 120
    while True:
        try:
            if get(server, "/?token=" + server.token)[0] == 200:
                break
        except OSError:
            pass
        assert time.monotonic() < deadline, "timed out after 120 s"
        time.sleep(0.5)
    assert server.alive()


def test_too_many_headers_are_refused_431(serve):
    server = serve()
    sock = raw(server)
    headers = "".join(f"X-{i}: {i}\r\n" for i in range(101))
    sock.sendall(f"GET /?token={server.token} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n{headers}\r\n".encode())
    assert response_of(sock) == 431


def test_a_body_is_refused(serve):
    server = serve()
    sock = raw(server)
    sock.sendall(f"GET /?token={server.token} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
                 f"Content-Length: 3\r\n\r\nabc".encode())
    assert response_of(sock) == 400


def test_head_gets_the_length_and_no_body(serve):
    server = serve()
    sock = raw(server)
    request = f"HEAD /?token={server.token} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n\r\n"
    # Twice on one connection: no body came between the two heads.
    sock.sendall((request * 2).encode())
    data = b""
    while data.count(b"\r\n\r\n") < 2:
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    first, second = data.split(b"\r\n\r\n")[:2]
    assert first.startswith(b"HTTP/1.1 200") and second.startswith(b"HTTP/1.1 200")
    length = [line for line in first.split(b"\r\n") if line.lower().startswith(b"content-length:")]
    assert length and int(length[0].split(b":")[1]) > 0


def test_frames_a_browser_never_sends_are_refused_1002(serve):
    server = serve()
    unmasked = WebSocket(server)
    hello(unmasked)
    unmasked.sock.sendall(bytes([0x81, 2]) + b"{}")
    assert unmasked.close_code() == 1002
    stray = WebSocket(server)
    hello(stray)
    stray.send_frame(0x0, b"no message to continue")
    assert stray.close_code() == 1002
    ping = WebSocket(server)
    hello(ping)
    ping.send_frame(0x9, b"are you there")
    assert ping.frame() == (0xA, b"are you there")
    ping.send_frame(0x8, struct.pack(">H", 1000))
    assert ping.close_code() == 1000


def test_a_page_that_stops_reading_is_closed(serve):
    server = serve()
    ws = WebSocket(server)
    hello(ws)
    # Many whole states asked for and none read: the server's writes wait. The page keeps
    # sending pings, so it is never quiet; only its not reading can close it.
    for i in range(3000):
        ws.send({"id": i, "sync": True})
    deadline = time.monotonic() + 150
    while True:
        try:
            ws.send_frame(0x9, b"still here")
        except OSError:
            break
        assert time.monotonic() < deadline, "timed out after 150 s: the page that reads nothing is still open"
        time.sleep(2)
    assert server.alive()
