"""`cmdscript serve --plugin COMMAND`: a plugin's receivers on the page, with their controls
made from its declarations, and statements from the page run through the plugin, undoable;
over plain HTTP and WebSocket."""
import shlex
import subprocess

from conftest import ROOT, WebSocket, binary

LAMP = "python3 " + shlex.quote(str(ROOT / "examples/plugins/lamp.py"))


def run(ws, text, ident):
    ws.send({"id": ident, "run": text})
    return ws.until(lambda m: m.get("type") in ("entry", "error") and m.get("id") == ident)


def lamp_of(snapshot):
    return [r for r in snapshot["receivers"] if r["name"] == "lamp"][0]


def next_state(ws):
    return ws.until(lambda m: m.get("type") == "state")["snapshot"]


def test_a_plugins_receivers_are_on_the_page_and_run_through_it(serve):
    server = serve("--plugin", LAMP, "--plugin-timeout", "5")
    ws = WebSocket(server)
    hello = ws.message()
    # The controls: the plugin's verbs with their parameters, as for a built-in type.
    lamp_type = [t for t in hello["declarations"]["types"] if t["name"] == "lamp"][0]
    verbs = {v["name"]: v for v in lamp_type["verbs"]}
    assert set(verbs) == {"on", "off", "dim", "paint"}
    assert verbs["dim"]["parameters"] == [{"name": "level", "kind": "integer", "min": 0, "max": 100}]
    assert verbs["paint"]["parameters"][0]["words"] == ["white", "warm", "red"]
    # The receiver, drawn as its `show` state; the built-in ones are there too.
    names = {r["name"] for r in hello["snapshot"]["receivers"]}
    assert {"lamp", "shape"} <= names
    assert lamp_of(hello["snapshot"])["state"] == {"on": False, "level": 100, "colour": "white"}

    # A click is one canonical statement: it runs through the plugin.
    report = run(ws, "lamp.on", 1)
    assert report["type"] == "entry" and report["failed"] is False and report["diagnostics"] == []
    assert lamp_of(next_state(ws))["state"]["on"] is True
    report = run(ws, "lamp.dim 40", 2)
    assert report["failed"] is False
    snapshot = next_state(ws)
    assert lamp_of(snapshot)["state"] == {"on": True, "level": 40, "colour": "white"}
    # Only what changed: the rows of the step before (no longer the current one) and the new one.
    assert [row["statement"] for row in snapshot["rows"]] == ["lamp.on", "lamp.dim 40"]

    # Undo goes back through the plugin's undo.
    assert run(ws, "undo", 3)["failed"] is False
    assert lamp_of(next_state(ws))["state"] == {"on": True, "level": 100, "colour": "white"}
    # What the plugin refuses fails, located, and changes nothing.
    assert run(ws, "lamp.off", 4)["failed"] is False
    next_state(ws)
    report = run(ws, "{ lamp.on; lamp.off; lamp.dim 10 }", 5)
    assert report["failed"] is True
    assert any("the lamp is off" in str(d) for d in report["diagnostics"] + report.get("outputs", []))
    assert run(ws, "show lamp", 6)["failed"] is False
    assert lamp_of(ws.full())["state"]["on"] is False

    assert server.stop() == 0


def test_a_plugin_that_cannot_start_ends_serve_with_status_1(tmp_path):
    result = subprocess.run([binary(), "serve", "--port", "0", "--plugin", "no-such-plugin-program"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=30)
    assert result.returncode == 1 and "no-such-plugin-program" in result.stderr and result.stdout == ""


def test_serve_help_lists_the_plugin_options():
    result = subprocess.run([binary(), "serve", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "--plugin <command>" in result.stdout and "--plugin-timeout <seconds>" in result.stdout
    result = subprocess.run([binary(), "serve", "--plugin-timeout", "0"], capture_output=True, text=True)
    assert result.returncode == 64 and "--plugin-timeout" in result.stderr


def test_a_plugins_verb_says_when_it_cannot_work(serve):
    """The lamp (on the Python kit) declares `dim` unavailable while it is not lit: the
    page is sent why with the lamp's state, and sent again when the state changes."""
    server = serve("--plugin", LAMP, "--plugin-timeout", "5")
    ws = WebSocket(server)
    hello = ws.message()
    assert lamp_of(hello["snapshot"])["unavailable"] == {"dim": "the lamp is off"}
    # A built-in type without conditions sends none.
    assert "unavailable" not in [r for r in hello["snapshot"]["receivers"] if r["name"] == "shape"][0]
    assert run(ws, "lamp.on", 1)["failed"] is False
    assert lamp_of(next_state(ws))["unavailable"] == {}
    assert run(ws, "undo", 2)["failed"] is False
    assert lamp_of(next_state(ws))["unavailable"] == {"dim": "the lamp is off"}
