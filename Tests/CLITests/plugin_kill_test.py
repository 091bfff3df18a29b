#!/usr/bin/env python3
"""A power cut, over and over: SIGKILL `cmdscript` and its persistent plugin together at a
random moment while a --session runs, then resume and check (run by PluginJournalTests).

Usage: plugin_kill_test.py PATH/TO/cmdscript [--rounds N] [--seed S]

Each round starts afresh: statements (`notes.add`, and blocks of two) are piped in, each
followed by `echo "ack K"`, whose line on standard output means statement K was
acknowledged. Both processes are killed at a random moment; then a resume adds a note, and
a second resume shows the notes and undoes every step. Counted over the rounds:
- lost: an acknowledged statement whose notes are not in the plugin's file;
- phantom: a step of the resumed history that the plugin's file does not hold (its undo
  removes nothing, or removes a note that is not there);
- unequal: a round where undoing the whole history does not empty the plugin's file, or
  the resume fails (a statement in doubt that the plugin applied in part is completed by
  the resume: it was never acknowledged, and is all or nothing).
Exits 0 when all three are 0, 1 otherwise; prints the counts either way.
"""

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
NOTES = os.path.join(HERE, "Scripts", "plugins", "persistent", "notes.py")
STATEMENTS = 80


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def stored(path):
    try:
        with open(path) as f:
            return [item["text"] for item in json.load(f)["items"]]
    except FileNotFoundError:
        return []


def one_round(binary, rng, folder):
    journal = os.path.join(folder, "s.cmdsession")
    notes = os.path.join(folder, "notes.json")
    pidfile = os.path.join(folder, "plugin.pid")
    plugin = f"python3 {NOTES} {notes} --pid {pidfile}"
    lines = []
    for k in range(STATEMENTS):
        if rng.random() < 0.3:
            lines.append(f'{{ notes.add "{k}"; notes.add "{k}b" }}\n')
        else:
            lines.append(f'notes.add "{k}"\n')
        lines.append(f'echo "ack {k}"\n')
    process = subprocess.Popen(
        [binary, "--session", journal, "--plugin", plugin],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=folder)
    acked = []

    def read():
        for line in process.stdout:
            text = line.decode().strip()
            if text.startswith("ack "):
                acked.append(int(text[4:]))

    def write():
        try:
            process.stdin.write("".join(lines).encode())
            process.stdin.close()
        except BrokenPipeError:
            pass

    reader = threading.Thread(target=read)
    writer = threading.Thread(target=write)
    reader.start()
    writer.start()
    time.sleep(rng.uniform(0.0, 1.2))
    # Both at once: first the plugin (if it has started), then cmdscript.
    pid = None
    if os.path.exists(pidfile):
        try:
            pid = int(open(pidfile).read() or "0") or None
        except ValueError:
            pid = None
    if pid:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # the run had ended
    process.kill()
    process.wait()
    writer.join()
    reader.join()
    acknowledged = list(acked)
    if pid:
        deadline = time.monotonic() + 120
        while alive(pid):
            if time.monotonic() > deadline:
                raise SystemExit("plugin_kill_test.py: timed out after 120 s waiting for the plugin to die")
            time.sleep(0.01)
    elif os.path.exists(pidfile):
        # Started while cmdscript died: it ends when its input closes.
        time.sleep(0.2)
    kept = stored(notes)
    lost = [k for k in acknowledged if str(k) not in kept]
    os.remove(pidfile) if os.path.exists(pidfile) else None

    before_resume = open(journal, errors="replace").read() if os.path.exists(journal) else ""
    # Resume, and go on (what runs after the resume must be journaled rightly too).
    went_on = subprocess.run(
        [binary, "--session", journal, "--plugin", f"python3 {NOTES} {notes}"],
        input=b'notes.add "after"\nnotes.add "after2"\n', capture_output=True, cwd=folder, timeout=300)
    # Resume again: the notes, then every step undone, the notes shown after each.
    steps = STATEMENTS + 3
    script = "show notes\n" + "undo\nshow notes\n" * steps
    resumed = subprocess.run(
        [binary, "--session", journal, "--plugin", f"python3 {NOTES} {notes}"],
        input=script.encode(), capture_output=True, cwd=folder, timeout=300)
    shown = [line[len("notes: items="):] for line in resumed.stdout.decode().splitlines()
             if line.startswith("notes: items=")]
    phantom = 0
    unequal = resumed.returncode != 0 or went_on.returncode != 0 or not shown
    if shown and "after" not in shown[0].split(","):
        unequal = True
    # (A statement in doubt that the plugin applied in part is completed by the resume.)
    if shown and not set(kept) <= set(shown[0].split(",")):
        unequal = True
    for before, after in zip(shown, shown[1:]):
        if before == after and before != "":
            phantom += 1  # an undo step that took nothing back
    phantoms_file = notes + ".phantoms"
    if os.path.exists(phantoms_file):
        phantom += len(open(phantoms_file).read().splitlines())
    if stored(notes) != []:
        unequal = True
    detail = ""
    if lost or phantom or unequal:
        detail = (f"acked {acknowledged[-3:]}, file before {kept[-4:]}, lost {lost}, phantom {phantom}, "
                  f"status {resumed.returncode}\n{resumed.stderr.decode()[-800:]}\n"
                  f"shown {shown[:3]}…{shown[-2:]}\njournal tail:\n{before_resume[-700:]}")
    err = went_on.stderr.decode()
    doubt = ("applied it: kept" in err, "left out" in err)
    return len(acknowledged), len(lost), phantom, unequal, detail, doubt


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(args[0])
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 200
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else random.randrange(1 << 30)
    rng = random.Random(seed)
    totals = {"acknowledged": 0, "lost": 0, "phantom": 0, "unequal": 0, "kept": 0, "left": 0}
    for n in range(rounds):
        folder = tempfile.mkdtemp(prefix="cmdscript-kill-")
        try:
            acked, lost, phantom, unequal, detail, doubt = one_round(binary, rng, folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        totals["acknowledged"] += acked
        totals["lost"] += lost
        totals["phantom"] += phantom
        totals["unequal"] += int(unequal)
        totals["kept"] += int(doubt[0])
        totals["left"] += int(doubt[1])
        if detail:
            print(f"round {n + 1}: {detail}", file=sys.stderr)
    print(f"plugin_kill_test.py: {rounds} rounds (seed {seed}): {totals['acknowledged']} statements acknowledged, "
          f"{totals['lost']} lost, {totals['phantom']} phantom steps, {totals['unequal']} rounds whose history "
          f"differed from the plugin's file; in doubt at the kill: {totals['kept']} applied and kept, "
          f"{totals['left']} never applied and left out")
    return 0 if totals["lost"] == totals["phantom"] == totals["unequal"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
