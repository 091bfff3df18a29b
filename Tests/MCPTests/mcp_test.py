"""`cmdscript mcp` driven as agents drive it: the MCP Python SDK's stdio client calling every
tool, `mcp-conform` against the server, bad input, the protocol versions, `expect` and
`confirm`, plugins, and SIGKILL during calls then resume. Runs the built binary
(CMDSCRIPT_BINARY, else .build/debug/cmdscript)."""
import asyncio
import json
import os
import pathlib
import random
import select
import signal
import subprocess
import sys

import pytest

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAMP = f"{sys.executable} {ROOT / 'examples/plugins/lamp.py'}"
TIMEOUT = 300  # guards against a hang only


def binary():
    return os.environ.get("CMDSCRIPT_BINARY", str(ROOT / ".build/debug/cmdscript"))


class Raw:
    """A `cmdscript mcp` process spoken to a line at a time, without an SDK."""

    def __init__(self, *arguments, cwd=None):
        self.process = subprocess.Popen(
            [binary(), "mcp", *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, cwd=cwd)
        self.next_id = 0
        # What was read of standard output and not yet taken as an answer.
        self.pending = b""

    def send_bytes(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def answer(self):
        while b"\n" not in self.pending:
            if not select.select([self.process.stdout], [], [], TIMEOUT)[0]:
                self.process.kill()
                raise AssertionError(f"timed out after {TIMEOUT} s waiting for an answer")
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            assert chunk, "no answer: " + self.finish()[1]
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return json.loads(line)

    def request(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_bytes((json.dumps(message) + "\n").encode())
        answer = self.answer()
        assert answer["id"] == self.next_id, answer
        return answer

    def call(self, tool, **arguments):
        answer = self.request("tools/call", {"name": tool, "arguments": arguments})
        result = answer["result"]
        assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
        return result

    def finish(self):
        """Ends the input; the exit status and standard error."""
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        rest, self.pending = self.pending + self.process.stdout.read(), b""
        status = self.process.wait(timeout=TIMEOUT)
        assert rest == b"", f"written after the last answer: {rest[:200]!r}"
        return status, self.process.stderr.read().decode()


@pytest.fixture
def raw(tmp_path):
    servers = []

    def start(*arguments):
        server = Raw(*arguments, cwd=tmp_path)
        servers.append(server)
        server.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                      "clientInfo": {"name": "test", "version": "1"}})
        server.send_bytes(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        return server

    yield start
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def run_sdk(body, *arguments):
    async def main():
        parameters = StdioServerParameters(command=binary(), args=["mcp", *arguments])
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await body(session)
    return asyncio.run(asyncio.wait_for(main(), TIMEOUT))


def test_the_sdk_client_calls_every_tool():
    async def body(session):
        tools = (await session.list_tools()).tools
        assert [t.name for t in tools] == [
            "describe", "check", "preview", "run", "undo", "redo", "goto", "history", "show"]
        hints = {t.name: t.annotations for t in tools}
        for name in ["describe", "check", "history", "show", "preview"]:
            assert hints[name].read_only_hint is True
        for name in ["run", "undo", "redo", "goto"]:
            assert hints[name].read_only_hint is False and hints[name].destructive_hint is False

        async def call(name, **arguments):
            result = await session.call_tool(name, arguments)
            assert json.loads(result.content[0].text) == result.structured_content
            return result

        described = (await call("describe")).structured_content
        shape = next(r for r in described["receivers"] if r["name"] == "shape")
        move = next(v for v in shape["verbs"] if v["name"] == "move")
        assert move["undoable"] is True
        assert move["parameters"][0]["kind"] == "word" and "up" in move["parameters"][0]["words"]
        assert any(q["name"] == "x" for q in shape["queries"])
        log = next(v for r in described["receivers"] if r["name"] == "vehicle" for v in r["verbs"]
                   if v["name"] == "log")
        assert log["undoable"] is False
        # When a verb cannot work, declared, and whether it cannot now (a closed door's `close`).
        door = {v["name"]: v for r in described["receivers"] if r["name"] == "door" for v in r["verbs"]}
        assert door["open"]["unavailable"] == [{"when": "locked", "reason": "the door is locked"},
                                               {"when": "open", "reason": "the door is already open"}]
        assert "unavailableNow" not in door["open"]
        assert door["close"]["unavailableNow"] == "the door is already closed"
        assert "unavailable" not in move
        assert any(s["usage"].startswith("undo") for s in described["statements"])
        assert described["step"] == 0

        checked = (await call("check", script="move up\npaitn red")).structured_content
        assert checked["ok"] is False
        [diagnostic] = checked["diagnostics"]
        assert (diagnostic["line"], diagnostic["severity"], diagnostic["suggestion"]) == (2, "error", "paint")
        assert (await call("check", script="move up")).structured_content == {"ok": True, "diagnostics": []}

        preview = (await call("preview", script="move up 2; echo \"moved\"")).structured_content
        assert preview["ok"] and preview["step"] == 0 and preview["irreversible"] is None
        assert preview["changes"] == [{"receiver": "shape", "before": {"x": 0, "y": 0, "color": "blue"},
                                       "after": {"x": 0, "y": 2, "color": "blue"}}]
        assert preview["output"] == [{"echo": "moved"}]
        assert (await call("show", receivers=["shape"])).structured_content == {
            "states": [{"receiver": "shape", "state": {"x": 0, "y": 0, "color": "blue"}}]}

        ran = await call("run", script="move up 2; echo \"moved\"", expect=0)
        assert not ran.is_error
        assert ran.structured_content["changes"] == preview["changes"]
        assert ran.structured_content["output"] == preview["output"]
        assert ran.structured_content["step"] == 1
        ran = (await call("run", script="paint red", expect=1)).structured_content
        assert ran["step"] == 2

        undone = (await call("undo", count=2)).structured_content
        assert undone["step"] == 0 and undone["changes"][0]["after"]["y"] == 0
        redone = (await call("redo")).structured_content
        assert redone["step"] == 1
        went = (await call("goto", step=2)).structured_content
        assert went["step"] == 2 and went["changes"][0]["after"] == {"x": 0, "y": 2, "color": "red"}
        history = (await call("history")).structured_content
        assert history["seq_cur"] == 2 and history["seq_last"] == 2
        assert [e["statement"] for e in history["entries"]] == ["move up 2; echo \"moved\"", "paint red"] or \
            [e["seq"] for e in history["entries"]] == [1, 2]
        states = (await call("show")).structured_content["states"]
        assert {s["receiver"] for s in states} >= {"shape", "door", "board", "vehicle"}
    run_sdk(body)


def test_tools_list_fits_an_agents_context(raw):
    server = raw()
    tools = server.request("tools/list")["result"]
    size = len(json.dumps(tools, separators=(",", ":")))
    print(f"tools/list: {size} characters of JSON")
    assert size <= 6000
    assert server.finish()[0] == 0


def test_mcp_conform_passes():
    report = subprocess.run(
        ["mcp-conform", "server", "--transport", "stdio", "--command", f"{binary()} mcp", "--format", "json",
         "--timeout", "120"],
        capture_output=True, text=True, timeout=TIMEOUT)
    result = json.loads(report.stdout)
    failed = [c for c in result.get("checks", []) if not c.get("passed")]
    assert report.returncode == 0 and not failed and not result.get("fatal_error"), report.stdout


@pytest.mark.parametrize("asked,answered", [
    ("2025-03-26", "2025-03-26"), ("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"),
    ("1999-01-01", "2025-11-25")])
def test_protocol_versions(tmp_path, asked, answered):
    server = Raw(cwd=tmp_path)
    result = server.request("initialize", {"protocolVersion": asked, "capabilities": {},
                                           "clientInfo": {"name": "t", "version": "1"}})["result"]
    assert result["protocolVersion"] == answered
    assert result["capabilities"]["tools"] == {"listChanged": False}
    assert server.finish()[0] == 0


def test_bad_input_gets_an_error_and_the_server_goes_on(raw):
    server = raw()
    server.send_bytes(b"this is not JSON\n")
    assert server.answer()["error"]["code"] == -32700
    server.send_bytes(b"[1, 2]\n")
    assert server.answer()["error"]["code"] == -32600
    assert server.request("no/such/method")["error"]["code"] == -32601
    assert server.request("tools/call", {"name": "delete_everything"})["error"]["code"] == -32602
    assert server.request("tools/call", {"arguments": {}})["error"]["code"] == -32602
    for tool, arguments, said in [
        ("run", {}, "needs the argument `script`"),
        ("run", {"script": 3}, "`script` must be a string"),
        ("run", {"script": "move up", "expect": "0"}, "`expect` must be an integer"),
        ("undo", {"count": 0}, "of at least 1"),
        ("goto", {}, "needs the argument `step`"),
        ("show", {"receivers": "shape"}, "array of strings"),
        ("show", {"receivers": ["nobody"]}, "no receiver named `nobody`"),
        ("check", {"script": "move up", "extra": 1}, "takes no argument `extra`"),
    ]:
        result = server.call(tool, **arguments)
        assert result["isError"] is True, (tool, arguments)
        assert said in result["structuredContent"]["error"], (tool, result)
    # A notification is not answered; the ping after it is.
    server.send_bytes(b'{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}}\n')
    assert server.request("ping")["result"] == {}
    # A NUL byte in a script: a located error, nothing run.
    result = server.call("run", script="move up\u0000\nmove down")
    assert result["isError"] is True and result["structuredContent"]["diagnostics"]
    assert server.call("show", receivers=["shape"])["structuredContent"]["states"][0]["state"]["y"] == 0
    # 64 MiB in one message.
    big = b'{"jsonrpc": "2.0", "id": 99, "method": "tools/call", "params": {"name": "run", ' \
        + b'"arguments": {"script": "' + b"x" * (64 << 20) + b'"}}}\n'
    server.send_bytes(big)
    assert server.answer()["error"]["code"] == -32600
    assert server.request("ping")["result"] == {}
    status, stderr = server.finish()
    assert status == 0, stderr


def test_expect_that_does_not_match_runs_nothing(raw):
    server = raw()
    assert server.call("run", script="move up", expect=0)["structuredContent"]["step"] == 1
    assert server.call("run", script="paint red")["structuredContent"]["step"] == 2
    refused = server.call("run", script="move down", expect=1)
    assert refused["isError"] is True
    said = refused["structuredContent"]
    assert said["step"] == 2 and said["expected"] == 1
    assert said["since"] == [{"step": 2, "statement": "paint red"}]
    assert "paint red" in said["error"]
    state = server.call("show", receivers=["shape"])["structuredContent"]["states"][0]["state"]
    assert state == {"x": 0, "y": 1, "color": "red"}


def test_a_command_that_cannot_be_undone_needs_the_previews_token(raw):
    server = raw()
    script = "move up\nvehicle.log\nmove down"
    refused = server.call("run", script=script)
    assert refused["isError"] is True
    assert refused["structuredContent"]["irreversible"]["command"] == "vehicle.log"
    assert server.call("history")["structuredContent"]["seq_last"] == 0
    preview = server.call("preview", script=script)["structuredContent"]
    assert preview["irreversible"] == {"command": "vehicle.log", "statement": "vehicle.log",
                                       "following": ["vehicle.log", "move down"]}
    assert [c["receiver"] for c in preview["changes"]] == ["shape"]
    assert server.call("run", script=script + "\n", confirm=preview["confirm"])["isError"] is True
    ran = server.call("run", script=script, confirm=preview["confirm"], expect=preview["step"])
    assert ran["isError"] is False
    # The token names the step: at another step it no longer serves.
    assert server.call("run", script=script, confirm=preview["confirm"])["isError"] is True


def test_a_failing_script_keeps_what_ran_before_and_rolls_the_failed_statement_back(raw):
    server = raw("--plugin", LAMP)
    ran = server.call("run", script="lamp.on\ntransaction { lamp.dim 40; door.lock; door.open }\nmove up")
    assert ran["isError"] is True
    said = ran["structuredContent"]
    assert said["ok"] is False and said["step"] == 1
    assert said["diagnostics"][0]["line"] == 2
    states = {s["receiver"]: s["state"] for s in server.call("show")["structuredContent"]["states"]}
    assert states["door"]["locked"] is False and states["shape"]["y"] == 0
    assert states["lamp"]["on"] is True and states["lamp"]["level"] != 40


def test_a_preview_with_a_plugin_is_taken_back_whole(raw, tmp_path):
    journal = tmp_path / "lamp.cmdsession"
    server = raw("--plugin", LAMP, "--session", str(journal))
    server.call("run", script="lamp.on; move up")
    before = server.call("show")["structuredContent"]
    history = server.call("history")["structuredContent"]
    size = journal.stat().st_size
    preview = server.call("preview", script="lamp.dim 30; lamp.paint red; undo; move left; new door d; d.close")
    said = preview["structuredContent"]
    assert said["ok"] is True, said
    assert {c["receiver"] for c in said["changes"]} >= {"lamp", "shape", "d"}
    assert server.call("show")["structuredContent"] == before
    assert server.call("history")["structuredContent"] == history
    assert journal.stat().st_size == size
    ran = server.call("run", script="lamp.dim 30; lamp.paint red; undo; move left; new door d; d.close")
    assert ran["structuredContent"]["changes"] == said["changes"]
    assert server.finish()[0] == 0


def shape_after_resume(journal, cwd):
    shown = subprocess.run(
        [binary(), "--session", str(journal), "--json"], input="show shape\n", capture_output=True, text=True,
        cwd=cwd, timeout=TIMEOUT)
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout.splitlines()[-1])["state"]


def test_sigkill_during_calls_loses_nothing_answered(tmp_path):
    rng = random.Random(40)
    journal = tmp_path / "killed.cmdsession"
    answered = 0
    for round in range(8):
        server = Raw("--session", str(journal), cwd=tmp_path)
        server.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                      "clientInfo": {"name": "t", "version": "1"}})
        calls = 20 + rng.randrange(30)
        # Every call sent at once; each moves the shape right by 1 in one statement of two commands.
        for i in range(calls):
            message = {"jsonrpc": "2.0", "id": 100 + i, "method": "tools/call",
                       "params": {"name": "run", "arguments": {"script": "transaction { move right; move left; move right }"}}}
            server.send_bytes((json.dumps(message) + "\n").encode())
        got = rng.randrange(calls)
        for _ in range(got):
            assert server.answer()["result"]["isError"] is False
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        answered += got
        x = shape_after_resume(journal, tmp_path)["x"]
        # The last answered state, or some unanswered calls applied whole.
        assert x >= answered and x <= answered + calls - got
        answered = x
    served = subprocess.Popen([binary(), "serve", "--port", "0", "--session", str(journal)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        address = served.stdout.readline()
    finally:
        served.send_signal(signal.SIGTERM)
        served.wait(timeout=TIMEOUT)
    # (cmdscript serve runs cmdscript-serve from beside the binary: .ci/run builds both.)
    assert address.startswith("http://"), served.stderr.read()


def resumed(journal, cwd):
    """What `cmdscript --session` resumes: the shape's x and y (queried: `show` would print
    its path of a million points), the door's state and the history (`history --json`)."""
    shown = subprocess.run(
        [binary(), "--session", str(journal), "--json"], input="echo (shape.x); echo (shape.y); show door; history\n",
        capture_output=True, text=True, cwd=cwd, timeout=TIMEOUT)
    assert shown.returncode == 0, shown.stderr
    x, y, door, history = [json.loads(line) for line in shown.stdout.splitlines()]
    return {"x": int(x["echo"]), "y": int(y["echo"]), "door": door["state"]}, history, shown.stderr


# Two `run` scripts of several statements, each statement of many commands, so that a kill
# lands inside a call: what applying each whole does (its failure semantics included: the
# second's `transaction` fails, is rolled back, and stops the script, as `--on-error stop`).
LONG = "repeat 100000 { move up }"
WHOLE_CALLS = [
    ("\n".join([LONG, "move right", LONG, "move right", LONG, "move right"]), 3, 300000, 6),
    ("\n".join([LONG, "move right", LONG, "transaction { door.lock; door.open }", "move right"]), 1, 200000, 3),
]


def test_sigkill_inside_a_multi_statement_run_leaves_the_call_whole_or_absent(tmp_path):
    rng = random.Random(4040)
    journal = tmp_path / "calls.cmdsession"
    state, history, _ = resumed(journal, tmp_path)
    outcomes = {"absent": 0, "whole": 0, "answered": 0}
    for round in range(8):
        script, dx, dy, steps = WHOLE_CALLS[round % 2]
        server = Raw("--session", str(journal), cwd=tmp_path)
        server.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                      "clientInfo": {"name": "t", "version": "1"}})
        started = journal.read_bytes().count(LONG.encode())
        message = {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "run", "arguments": {"script": script}}}
        server.send_bytes((json.dumps(message) + "\n").encode())
        # Killed once the journal holds `inside` of the call's long statements (the last
        # one journaled is running), or, every fourth round, once it has answered.
        inside = None if round % 4 == 3 else 1 + rng.randrange(script.count(LONG) - 1)
        answered = False
        waited = 0.0
        while True:
            if select.select([server.process.stdout], [], [], 0.005)[0]:
                answer = server.answer()
                assert answer["id"] == 7 and answer["result"]["structuredContent"]["step"] == \
                    history["seq_cur"] + steps, answer
                answered = True
                break
            if inside is not None and journal.read_bytes().count(LONG.encode()) >= started + inside:
                break
            waited += 0.005
            assert waited < TIMEOUT, f"timed out after {TIMEOUT} s waiting for the call"
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        after, after_history, said = resumed(journal, tmp_path)
        whole = {"x": state["x"] + dx, "y": state["y"] + dy, "door": state["door"]}
        if answered:
            outcomes["answered"] += 1
        if after == state and after_history == history:
            assert not answered, "an answered call was lost"
            # The journal held the call's first statements (the kill came after them): dropped.
            assert "dropped a call that was not answered" in said, said
            outcomes["absent"] += 1
        else:
            # Applied whole: every statement the call would keep, as new steps after the
            # ones there were, and nothing else.
            assert after == whole, f"round {round}: a part of the call: {after}, not {state} or {whole}"
            assert after_history["history"][:len(history["history"])] == history["history"]
            new = after_history["history"][len(history["history"]):]
            assert [entry["number"] for entry in new] == list(range(history["seq_last"] + 1, history["seq_last"] + steps + 1))
            assert after_history["seq_cur"] == history["seq_last"] + steps
            outcomes["whole"] += 1
        state, history = after, after_history
    print("kills:", outcomes)
    # Kills did land inside calls, whose first statements the journal held.
    assert outcomes["absent"] >= 1, outcomes


def test_files_run_first_and_their_output_stays_off_the_protocol(raw, tmp_path):
    (tmp_path / "start.cmd").write_text("move up 3\nshow shape\necho \"started\"\n")
    server = raw("start.cmd")
    state = server.call("show", receivers=["shape"])["structuredContent"]["states"][0]["state"]
    assert state["y"] == 3
    status, stderr = server.finish()
    assert status == 0 and "started" in stderr


def test_safe_rules_unless_allow_files(raw, tmp_path):
    (tmp_path / "other.cmd").write_text("move up\n")
    server = raw()
    refused = server.call("run", script='source "other.cmd"')
    assert refused["isError"] is True
    assert server.call("run", script='export "out.cmd"')["isError"] is True
    assert not (tmp_path / "out.cmd").exists()
    allowed = raw("--allow-files")
    assert allowed.call("run", script='source "other.cmd"')["isError"] is False


def test_previews_with_a_plugin_tell_the_truth(raw):
    """Random scripts over the reference plugin's lamp and the built-in receivers: each
    preview leaves the states and the tree as they were, and its changes, output and success
    are what the run at the same step then does."""
    rng = random.Random(0x1A4)
    statements = [
        lambda: "lamp.on", lambda: "lamp.off", lambda: f"lamp.dim {rng.randrange(101)}",
        lambda: f"lamp.paint {rng.choice(['white', 'warm', 'red'])}", lambda: "move up", lambda: "undo",
        lambda: "redo", lambda: f"undo {rng.randrange(1, 4)}",
        lambda: f"transaction {{ lamp.dim {rng.randrange(101)}; door.lock; door.open }}",
        lambda: "door.unlock", lambda: "vehicle.log", lambda: "if lamp.lit { lamp.dim 10 } else { lamp.on }",
        lambda: "echo (lamp.level)", lambda: "repeat 2 { lamp.dim (lamp.level / 2) }",
    ]
    server = raw("--plugin", LAMP)
    matched = stopped = 0
    count = int(os.environ.get("CMDSCRIPT_PREVIEW_COUNT_PLUGIN", "150"))
    for n in range(count):
        script = "\n".join(rng.choice(statements)() for _ in range(1 + rng.randrange(3)))
        before = server.call("show")["structuredContent"], server.call("history")["structuredContent"]
        preview = server.call("preview", script=script)["structuredContent"]
        after = server.call("show")["structuredContent"], server.call("history")["structuredContent"]
        assert after == before, f"preview {n} changed the session: {script!r}"
        if preview["irreversible"]:
            stopped += 1
            server.call("run", script=script, confirm=preview["confirm"])
            continue
        ran = server.call("run", script=script, expect=preview["step"])["structuredContent"]
        assert (ran["ok"], ran["changes"], ran["output"]) == \
            (preview["ok"], preview["changes"], preview["output"]), script
        matched += 1
    print(f"plugin previews: {count}, matched the run: {matched}, stopped before vehicle.log: {stopped}")
    assert matched + stopped == count and stopped > 0


@pytest.mark.parametrize("mode,version", [
    ("auto", "2026-07-28"), ("2026-07-28", "2026-07-28"), ("legacy", "2025-11-25")])
def test_the_sdk_client_in_each_mode(mode, version):
    """The SDK's high-level client: `auto` finds the stateless revision by `server/discover`,
    a version pin adopts it, `legacy` shakes hands with `initialize`."""
    from mcp import Client

    async def main():
        parameters = StdioServerParameters(command=binary(), args=["mcp"])
        async with Client(parameters, mode=mode) as client:
            assert client.session.protocol_version == version
            assert len((await client.list_tools()).tools) == 9
            result = await client.call_tool("run", {"script": "move up", "expect": 0})
            assert not result.is_error and result.structured_content["step"] == 1
            # An unknown tool is a JSON-RPC error (-32602), which the client raises.
            with pytest.raises(MCPError):
                await client.call_tool("nothing", {})
    asyncio.run(asyncio.wait_for(main(), TIMEOUT))


def test_a_stateless_request_of_an_unknown_version_is_refused_with_those_served(raw):
    server = raw()
    answer = server.request("tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01"}})
    assert answer["error"]["code"] == -32022
    assert "2026-07-28" in answer["error"]["data"]["supported"]
    discovered = server.request("server/discover", {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}})
    assert discovered["result"]["resultType"] == "complete"
    assert "2025-11-25" in discovered["result"]["supportedVersions"]


def test_a_preview_with_a_persistent_plugin_journals_no_records(raw, tmp_path):
    """The tally keeps its count in a file and is never run twice: its undo records are
    journaled after each statement. A preview's commands are taken back, so none of their
    records reach the journal, and a resume undoes the real statement with its own record."""
    tally = f"tclsh {ROOT / 'examples/plugins/tally.tcl'} {tmp_path / 'tally.txt'}"
    journal = tmp_path / "tally.cmdsession"
    server = raw("--plugin", tally, "--session", str(journal))
    assert server.call("run", script="tally.add 2")["isError"] is False
    size = journal.stat().st_size
    for script in ["tally.add 5", "tally.reset; tally.add 7", "undo; tally.add 1", "undo 1; redo"]:
        said = server.call("preview", script=script)["structuredContent"]
        assert said["ok"], said
        assert server.call("show", receivers=["tally"])["structuredContent"]["states"][0]["state"] == {"count": 2}
    assert journal.stat().st_size == size
    assert server.call("run", script="tally.add 3")["isError"] is False
    assert server.finish()[0] == 0
    text = journal.read_text()
    assert text.count("plugin-records") == 2, text
    undone = subprocess.run(
        [binary(), "--plugin", tally, "--session", str(journal), "--json"], input="undo\nshow tally\n",
        capture_output=True, text=True, cwd=tmp_path, timeout=TIMEOUT)
    assert undone.returncode == 0, undone.stderr
    assert json.loads(undone.stdout.splitlines()[-1])["state"] == {"count": 2}
