#!/usr/bin/env python3
"""A power cut inside `mcp`'s `run`, with a persistent plugin: SIGKILL `cmdscript mcp
--session` and its plugin together while a `run` of several statements is running, then
again, at random, while the next start's resume takes that call back; then check. Run by
pytest (a few rounds) and on its own for many:

    mcp_plugin_kill_test.py PATH/TO/cmdscript [--rounds N] [--seed S]

The plugin is the journal tests' persistent notes (its items in a JSON file, `applied`
answered). Each round's `run` is 2 to 6 statements: `notes.add`, a block of two, `move up`,
and sometimes a failing block (rolled back, stopping the script). After every round, the
state a plain `cmdscript --session` resumes — the plugin's own file, `shape.y` and
`history --json` — must be the last answered one or that with the whole call applied (its
failing statement rolled back, as the answer would have said); never a part. A copy of the
journal and the plugin's file then goes back to step 0, which must empty the copy's file
with no undo of an item that is not there (a record the journal and the plugin disagree
on). Counted: partial outcomes (must be 0), calls found taken back, kills inside a
rollback.
"""

import json
import os
import pathlib
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTES = ROOT / "Tests/CLITests/Scripts/plugins/persistent/notes.py"
TIMEOUT = 300  # guards against a hang only


def binary():
    return os.environ.get("CMDSCRIPT_BINARY", str(ROOT / ".build/debug/cmdscript"))


def plugin(folder, notes, slow_undo=0.0):
    command = f"{sys.executable} {NOTES} {notes} --pid {folder / 'plugin.pid'} --slow 0.01"
    return command + (f" --slow-undo {slow_undo}" if slow_undo else "")


def items(notes):
    try:
        return [item["text"] for item in json.loads(notes.read_text())["items"]]
    except FileNotFoundError:
        return []


def start(folder, *arguments, **options):
    """Starts `arguments`, with no pid file left by an earlier plugin (so that a kill never
    reads one)."""
    (folder / "plugin.pid").unlink(missing_ok=True)
    return subprocess.Popen(list(arguments), cwd=folder, **options)


def power_cut(process, folder):
    """SIGKILL the server and the plugin it started, as a power cut kills both."""
    process.send_signal(signal.SIGKILL)
    try:
        os.kill(int((folder / "plugin.pid").read_text()), signal.SIGKILL)
    except (OSError, ValueError):
        pass
    process.wait()
    # The plugin's pid file is its own: the next start writes its own.
    (folder / "plugin.pid").unlink(missing_ok=True)


def state(binary, folder, journal, notes):
    """What `cmdscript --session` resumes: the plugin's file, shape.y, the history, and what
    the resume said."""
    shown = subprocess.run(
        [binary, "--session", str(journal), "--plugin", plugin(folder, notes), "--json"],
        input="echo (shape.y)\nhistory\n", capture_output=True, text=True, cwd=folder, timeout=TIMEOUT)
    assert shown.returncode == 0, shown.stderr
    y, history = [json.loads(line) for line in shown.stdout.splitlines()]
    return {"items": items(notes), "y": int(y["echo"])}, history, shown.stderr


def back_to_zero_empties(binary, folder, journal, notes):
    """A copy of the journal and of the plugin's file, taken back to step 0."""
    scratch = folder / "copy"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    shutil.copy(journal, scratch / "s.cmdsession")
    if notes.exists():
        shutil.copy(notes, scratch / "notes.json")
    undone = subprocess.run(
        [binary, "--session", str(scratch / "s.cmdsession"), "--plugin", plugin(scratch, scratch / "notes.json")],
        input="goto 0\n", capture_output=True, text=True, cwd=scratch, timeout=TIMEOUT)
    assert undone.returncode == 0, undone.stderr
    return items(scratch / "notes.json") == [] and not (scratch / "notes.json.phantoms").exists()


def script_of(round, rng):
    """A `run` script, and what applying it whole adds: items, y, steps."""
    lines, added, y, steps, failed = [], [], 0, 0, False
    for k in range(rng.randrange(2, 7)):
        kind = rng.random()
        name = f"r{round}s{k}"
        if kind < 0.1 and k > 0:
            # Fails: rolled back whole, and the script stops (`--on-error stop`).
            lines.append(f'{{ notes.add "{name}x"; notes.fail }}')
            failed = True
        elif kind < 0.45:
            lines.append(f'notes.add "{name}"')
            if not failed:
                added, steps = added + [name], steps + 1
        elif kind < 0.75:
            lines.append(f'{{ notes.add "{name}a"; notes.add "{name}b" }}')
            if not failed:
                added, steps = added + [name + "a", name + "b"], steps + 1
        else:
            lines.append("move up")
            if not failed:
                y, steps = y + 1, steps + 1
    return "\n".join(lines), added, y, steps


def run_rounds(binary, rounds, seed, folder):
    rng = random.Random(seed)
    journal, notes = folder / "s.cmdsession", folder / "notes.json"
    count = {"rounds": 0, "partial": 0, "absent": 0, "whole": 0, "answered": 0, "taken back": 0,
             "killed in a rollback": 0, "not undoable": 0}
    before, history, _ = state(binary, folder, journal, notes)
    for round in range(rounds):
        script, added, dy, steps = script_of(round, rng)
        server = start(folder, binary, "mcp", "--session", str(journal), "--plugin", plugin(folder, notes),
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "run", "arguments": {"script": script}}},
        ]
        server.stdin.write("".join(json.dumps(m) + "\n" for m in messages).encode())
        server.stdin.flush()
        answered = False
        if rng.random() < 0.15:
            # Left to answer: then it must be whole.
            for line in server.stdout:
                if json.loads(line).get("id") == 2:
                    answered = True
                    break
        else:
            # Killed inside the call: once the plugin's file holds some of it, or at a random time.
            deadline = time.monotonic() + TIMEOUT
            wanted = rng.randrange(len(added) + 1)
            pause = rng.random() * 0.3
            started = time.monotonic()
            while time.monotonic() < deadline:
                if len([i for i in items(notes) if i.startswith(f"r{round}s")]) >= wanted and \
                        time.monotonic() - started >= pause:
                    break
                if server.poll() is not None:
                    break
                time.sleep(0.002)
            else:
                raise AssertionError(f"timed out after {TIMEOUT} s waiting for the call")
        power_cut(server, folder)
        # Starts that are killed while their resume takes the call back, the plugin's undos slowed.
        for _ in range(rng.choice([0, 1, 1, 2])):
            held = len(items(notes))
            ours = len([i for i in items(notes) if i.startswith(f"r{round}s")])
            if answered or ours == 0:
                break
            again = start(folder, binary, "mcp", "--session", str(journal), "--plugin",
                          plugin(folder, notes, slow_undo=0.02),
                          stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # Once its rollback has undone something (or a while), and a little more.
            deadline = time.monotonic() + 5
            while len(items(notes)) == held and time.monotonic() < deadline:
                time.sleep(0.002)
            time.sleep(rng.random() * 0.05)
            if 0 < held - len(items(notes)) < ours:
                count["killed in a rollback"] += 1
            power_cut(again, folder)
        after, after_history, said = state(binary, folder, journal, notes)
        if "took back a call that was not answered" in said:
            count["taken back"] += 1
        whole = {"items": before["items"] + added, "y": before["y"] + dy}
        count["rounds"] += 1
        if after == before and after_history == history and not (answered and steps > 0):
            count["absent"] += 1
        elif after == whole and after_history["seq_cur"] == history["seq_last"] + steps \
                and after_history["history"][:len(history["history"])] == history["history"] \
                and len(after_history["history"]) == len(history["history"]) + steps:
            count["whole"] += 1
        else:
            count["partial"] += 1
            print(f"round {round}: a part of the call {script!r}: {after}, not {before} or {whole}", file=sys.stderr)
            print(said, file=sys.stderr)
        count["answered"] += answered
        if not back_to_zero_empties(binary, folder, journal, notes):
            count["not undoable"] += 1
            print(f"round {round}: going back to step 0 leaves the plugin's file unlike it was", file=sys.stderr)
        before, history = after, after_history
    return count


def serves(binary, folder, journal, notes):
    served = subprocess.Popen(
        [binary, "serve", "--port", "0", "--session", str(journal), "--plugin", plugin(folder, notes)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder)
    try:
        address = served.stdout.readline()
    finally:
        served.send_signal(signal.SIGTERM)
        served.wait(timeout=TIMEOUT)
    return address.startswith("http://"), served.stderr.read()


def test_sigkill_inside_a_run_with_a_persistent_plugin_leaves_the_call_whole_or_absent(tmp_path):
    count = run_rounds(binary(), 12, 4040, tmp_path)
    # Where a kill lands depends on the machine's speed: more rounds (other seeds, each in a
    # folder of its own) until one landed inside a rollback, as the checks below want.
    for seed in range(4041, 4049):
        if count["killed in a rollback"] >= 1 and count["taken back"] >= 1:
            break
        folder = tmp_path / f"seed-{seed}"
        folder.mkdir()
        for key, value in run_rounds(binary(), 12, seed, folder).items():
            count[key] += value
    print("kills:", count)
    assert count["partial"] == 0 and count["not undoable"] == 0, count
    assert count["killed in a rollback"] >= 1, count
    # Kills did land inside calls whose statements the plugin held some of.
    assert count["taken back"] >= 1, count
    ok, said = serves(binary(), tmp_path, tmp_path / "s.cmdsession", tmp_path / "notes.json")
    assert ok, said


def answered_runs(folder, journal, notes, *scripts):
    """Each script `run` by `cmdscript mcp --session`, all answered; their answers."""
    messages = [{"jsonrpc": "2.0", "id": i, "method": "tools/call",
                 "params": {"name": "run", "arguments": {"script": script}}} for i, script in enumerate(scripts)]
    done = subprocess.run(
        [binary(), "mcp", "--session", str(journal), "--plugin", plugin(folder, notes)],
        input="".join(json.dumps(m) + "\n" for m in messages), capture_output=True, text=True, cwd=folder,
        timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line)["result"]["structuredContent"] for line in done.stdout.splitlines()]
    assert all(answer["ok"] for answer in answers), answers
    return answers


def without_last_commit(journal):
    """The journal as if the process ended just before the last call's `#= commit`."""
    text = journal.read_bytes()
    # (A record's checksum line follows it.)
    journal.write_bytes(text[:text.rindex(b"\n#= commit\n") + 1])


def test_an_unanswered_call_is_taken_back_from_the_plugin_too(tmp_path):
    journal, notes = tmp_path / "s.cmdsession", tmp_path / "notes.json"
    answered_runs(tmp_path, journal, notes, 'notes.add "a"', 'notes.add "b"\n{ notes.add "c"; notes.add "d" }\nmove up')
    before_cut = state(binary(), tmp_path, journal, notes)[1]
    assert items(notes) == ["a", "b", "c", "d"]
    without_last_commit(journal)
    # A rollback cut short had undone `d` already (the plugin's undo, as it does it).
    data = json.loads(notes.read_text())
    data["items"] = [item for item in data["items"] if item["text"] != "d"]
    data["steps"] = {step: [r for r in records if r["id"] != 4] for step, records in data["steps"].items()}
    notes.write_text(json.dumps(data))
    after, history, said = state(binary(), tmp_path, journal, notes)
    assert "took back a call that was not answered" in said, said
    assert after == {"items": ["a"], "y": 0}
    assert history["seq_last"] == 1 and history["seq_cur"] == 1 and before_cut["seq_last"] == 4
    assert not (tmp_path / "notes.json.phantoms").exists()
    # Resumed again: nothing more to take back; then `mcp` goes on, and serves.
    assert state(binary(), tmp_path, journal, notes)[:2] == (after, history)
    assert answered_runs(tmp_path, journal, notes, 'notes.add "e"')[0]["step"] == 2
    assert items(notes) == ["a", "e"]
    ok, said = serves(binary(), tmp_path, journal, notes)
    assert ok, said


def test_the_node_kits_notes_example_is_taken_back_too(tmp_path):
    """examples/plugins/notes.js keeps each step's records while in effect (its `applied`)."""
    notes_js = f"node {ROOT / 'examples/plugins/notes.js'}"
    journal = tmp_path / "s.cmdsession"
    runs = ['notes.add "a"', 'notes.add "b"\nnotes.add "c"\nnotes.remove 1']
    messages = [{"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": "run", "arguments": {"script": s}}}
                for i, s in enumerate(runs)]
    done = subprocess.run([binary(), "mcp", "--session", str(journal), "--plugin", notes_js],
                          input="".join(json.dumps(m) + "\n" for m in messages), capture_output=True, text=True,
                          cwd=tmp_path, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "notes.json").read_text())["notes"] == ["b", "c"]
    without_last_commit(journal)
    resumed = subprocess.run([binary(), "--session", str(journal), "--plugin", notes_js, "--json"], input="history\n",
                             capture_output=True, text=True, cwd=tmp_path, timeout=TIMEOUT)
    assert resumed.returncode == 0 and "took back a call" in resumed.stderr, resumed.stderr
    assert json.loads(resumed.stdout)["seq_last"] == 1
    assert json.loads((tmp_path / "notes.json").read_text())["notes"] == ["a"]


def test_a_run_that_moves_a_plugins_history_is_whole_up_to_that_statement(tmp_path):
    """An undo of a persistent plugin's step cannot be taken back exactly: the call ends
    before it (its `#= commit` there), and it and what follows are kept one by one."""
    journal, notes = tmp_path / "s.cmdsession", tmp_path / "notes.json"
    answered_runs(tmp_path, journal, notes, 'notes.add "a"\nundo\nnotes.add "b"')
    lines = [line for line in journal.read_text().splitlines() if not line.startswith(("#~", "#%", "#= time"))]
    assert lines[-5:] == ["#= begin", 'notes.add "a"', "#= commit", "undo", 'notes.add "b"'], lines
    after, history, said = state(binary(), tmp_path, journal, notes)
    assert after == {"items": ["b"], "y": 0} and "took back" not in said


def main():
    args = sys.argv[1:]
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 100
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    folder = pathlib.Path(tempfile.mkdtemp(prefix="mcp-plugin-kill-"))
    try:
        count = run_rounds(args[0], rounds, seed, folder)
        ok, said = serves(args[0], folder, folder / "s.cmdsession", folder / "notes.json")
        print(json.dumps(count), "served afterwards:", ok)
        return 0 if count["partial"] == 0 and count["not undoable"] == 0 and ok else 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
