"""`cmdscript serve` under test: starts the built binary (CMDSCRIPT_BINARY, else
.build/debug/cmdscript, which runs cmdscript-serve from beside it) and gives its address."""
import base64
import json
import os
import pathlib
import signal
import socket
import struct
import subprocess
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(os.environ.get("CMDSCRIPT_ARTIFACTS", "/tmp/cmdscript-artifacts"))


def binary():
    return os.environ.get("CMDSCRIPT_BINARY", str(ROOT / ".build/debug/cmdscript"))


class Server:
    """One `cmdscript serve` process; `url` is the first line it printed."""

    def __init__(self, *arguments, cwd=None, port=0):
        self.process = subprocess.Popen(
            [binary(), "serve", "--port", str(port), *arguments], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, cwd=cwd)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://"):
            self.process.kill()
            raise AssertionError("no address printed: " + self.process.stderr.read())
        parts = urllib.parse.urlsplit(self.url)
        self.host, self.port = parts.hostname, parts.port
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.origin = f"http://{self.host}:{self.port}"

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.process.poll() is None:
            self.process.send_signal(sig)
        status = self.process.wait(timeout=timeout)
        self.stderr = self.process.stderr.read()
        return status

    def alive(self):
        return self.process.poll() is None


@pytest.fixture
def serve(tmp_path):
    servers = []

    def start(*arguments, port=0):
        server = Server(*arguments, cwd=tmp_path, port=port)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.alive():
            server.process.kill()
            server.process.wait()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


def screenshot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


class WebSocket:
    """A plain RFC 6455 client, to send what a browser would not (an oversized or malformed
    message, a flood) and headers of our choosing."""

    def __init__(self, server, origin=None, token=True, host=None, cookie=None):
        self.sock = socket.create_connection((server.host, server.port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        path = f"/socket?token={server.token}" if token is True else (f"/socket?token={token}" if token else "/socket")
        lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'{server.host}:{server.port}'}",
                 "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                 "Sec-WebSocket-Version: 13"]
        if origin is not False:
            lines.append(f"Origin: {origin or server.origin}")
        if cookie:
            lines.append(f"Cookie: {cookie}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = int(head.split(b" ")[1]) if head else 0
        self.buffer = b""

    def send_frame(self, opcode, payload, fin=True):
        mask = os.urandom(4)
        header = bytes([(0x80 if fin else 0) | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, obj):
        self.send_frame(0x1, json.dumps(obj).encode() if not isinstance(obj, (bytes, str)) else
                        (obj.encode() if isinstance(obj, str) else obj))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _one_frame(self):
        """(fin, opcode, payload) of the next frame."""
        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._read(8))[0]
        return bool(b0 & 0x80), b0 & 0x0F, self._read(n)

    def frame(self):
        """(opcode, payload) of the next whole message."""
        fin, opcode, payload = self._one_frame()
        while not fin:
            fin, _, more = self._one_frame()
            payload += more
        return opcode, payload

    def close_code(self):
        """The code of the close frame the server sends next (other messages skipped)."""
        opcode, payload = self.frame()
        while opcode != 0x8:
            opcode, payload = self.frame()
        return int.from_bytes(payload[:2], "big")

    def message(self):
        """The next JSON message (a close frame raises)."""
        opcode, payload = self.frame()
        if opcode == 0x8:
            raise ConnectionError(f"closed with {struct.unpack('>H', payload[:2])[0] if payload else None}")
        return json.loads(payload)

    def until(self, predicate):
        while True:
            message = self.message()
            if predicate(message):
                return message

    def history(self):
        """The session's history as a list of steps (`history`'s), asked for."""
        self.send({"id": -1, "history": True})
        return self.until(lambda m: m.get("type") == "history" and m.get("id") == -1)["steps"]

    def full(self):
        """The whole state now (a `state` message's snapshot holds only what changed)."""
        self.send({"id": -2, "sync": True})
        return self.until(lambda m: m.get("type") == "state" and m.get("id") == -2)["snapshot"]

    def close(self):
        self.sock.close()
