#!/usr/bin/env python3
"""Drives the cmdscript REPL in a real pseudo-terminal (run by REPLTests.swift).

Usage: repl_test.py PATH/TO/cmdscript [SCENARIO...]

Each scenario is a function below; with no names, all run. Waits for screen text (never
sleeps a fixed time); exits 0 when every check passes, 1 with a message naming the failed
step otherwise, 2 when pexpect is missing. Every run gets its own HOME, XDG_STATE_HOME and
XDG_CONFIG_HOME under a temporary folder, so the user's history and start-up file are
never touched.
"""

import io
import os
import re
import shutil
import subprocess
import signal
import sys
import tempfile
import time

try:
    import pexpect
except ImportError:
    print("repl_test.py: the Python module pexpect is missing: pip install pexpect", file=sys.stderr)
    sys.exit(2)

# Seconds to wait for screen text before the REPL is taken to hang: only a guard, generous
# enough for a debug build on a slow, loaded machine.
TIMEOUT = 120
# The most a Ctrl-C may take to be answered: "at once" (a second) on the optimized binary
# (REPLTests sets CMDSCRIPT_OPTIMIZED=1 for it, as CI runs the CLI tests again on the
# release binary); on a debug build, whose speed says nothing, only a guard against a hang.
ANSWER_LIMIT = 1.0 if os.environ.get("CMDSCRIPT_OPTIMIZED") == "1" else 30.0
# Prompts may be coloured: escape codes around `cmd>`, a plain space after it.
SGR = r"(?:\x1b\[[0-9;]*m)*"
PROMPT = re.compile(SGR + r"cmd" + SGR + r">" + SGR + r" ")
CONTINUATION = re.compile(SGR + r"\.\.\." + SGR + r">" + SGR + r" ")
COLOUR = re.compile(r"\x1b\[[0-9;]*m")

BINARY = ""
ROOT = ""
# Measured numbers, printed at the end.
MEASURED = {}


class Failure(Exception):
    pass


def folder(*parts):
    path = os.path.join(ROOT, *parts)
    os.makedirs(path, exist_ok=True)
    return path


def environment(no_color=True, home="home", term="dumb"):
    env = dict(os.environ)
    env["TERM"] = term
    env["INPUTRC"] = "/dev/null"
    env["HOME"] = folder(home)
    env["XDG_STATE_HOME"] = folder(home, "state")
    env["XDG_CONFIG_HOME"] = folder(home, "config")
    for name in ["NO_COLOR", "CMDSCRIPT_HISTORY", "CMDSCRIPT_HISTORY_SIZE"]:
        env.pop(name, None)
    if no_color:
        env["NO_COLOR"] = "1"
    return env


def spawn(args=(), no_color=True, home="home", command=None, term="dumb", dimensions=(24, 200)):
    """Starts cmdscript (or `command`, a list) in a pseudo-terminal of `dimensions` (rows,
    columns) with TERM=`term`; `child.transcript` collects everything it writes."""
    command = command or [BINARY] + list(args)
    child = pexpect.spawn(
        command[0], command[1:], env=environment(no_color, home, term), encoding="utf-8", timeout=TIMEOUT,
        dimensions=dimensions)
    child.delaybeforesend = None  # wait for screen text instead
    child.delayafterclose = 0.01
    child.transcript = io.StringIO()
    child.logfile_read = child.transcript
    return child


def started(step, args=(), **options):
    """Starts cmdscript as `spawn` does and waits for its first prompt (`step` names the
    run in a failure)."""
    child = spawn(args, **options)
    prompt(child, f"first ({step})")
    return child


def fail(step, child):
    before = child.before if isinstance(child.before, str) else ""
    raise Failure(f"{step}\n--- screen text before the failure:\n{before!r}")


def expect(child, text, step):
    """Waits for `text` (literal, or a compiled regular expression) on the terminal."""
    try:
        if isinstance(text, re.Pattern):
            child.expect(text, timeout=TIMEOUT)
        else:
            child.expect_exact(text, timeout=TIMEOUT)
    except pexpect.TIMEOUT:
        fail(f"{step}: timed out after {TIMEOUT} s waiting for {text if isinstance(text, str) else text.pattern!r}",
             child)
    except pexpect.EOF:
        fail(f"{step}: the REPL ended while waiting for {text if isinstance(text, str) else text.pattern!r}", child)


def prompt(child, step):
    expect(child, PROMPT, f"the prompt {step}")


def enter(child, line):
    """Types `line` and Enter, and waits until readline has taken it: its echo, then the
    line break (with TERM=dumb readline redraws a line as `\\rcmd> text`, so a prompt on
    the screen is not yet the next prompt)."""
    child.sendline(line)
    expect(child, line + "\r\n", f"the echo of `{line}`")


def press(child, keys, *expected):
    """Types `keys` (no Enter) and waits for each of `expected` on the screen."""
    child.send(keys)
    for text in expected:
        expect(child, text, f"after typing {keys!r}")


def accept(child, step):
    """Enter on the line as edited: waits for the line break, then the prompt."""
    child.send("\r")
    expect(child, "\r\n", f"Enter on {step}")
    prompt(child, f"after {step}")


def run(child, line, *expected):
    """Types `line`, waits for each of `expected` in order, then for the prompt."""
    enter(child, line)
    for text in expected:
        expect(child, text, f"`{line}`")
    prompt(child, f"after `{line}`")


def ended(child, step, how):
    """The REPL must end, after `how`, with status 0."""
    try:
        child.expect(pexpect.EOF, timeout=TIMEOUT)
    except pexpect.TIMEOUT:
        fail(f"{step}: {how} should end the session (timed out after {TIMEOUT} s)", child)
    child.close()
    if child.exitstatus != 0:
        fail(f"{step}: exit status after {how}: {child.exitstatus} (signal {child.signalstatus}), expected 0", child)


def finish(child, step):
    """Ctrl-D on an empty line: the REPL must end with status 0."""
    child.sendcontrol("d")
    ended(child, step, "Ctrl-D")


# MARK: Scenarios


def basics():
    """Output, the continuation prompt, errors that do not end the session, a failed
    statement rolled back, macros across entries, colour (NO_COLOR unset, a terminal that
    is not `dumb`), Ctrl-D."""
    child = spawn(no_color=False, term="xterm")
    expect(child, "\x1b[1;32mcmd>\x1b[0m ", "a coloured prompt")
    run(child, "move up; paint red; show shape", "shape: at (0, 1), red")

    # A `{` left open asks for more with the continuation prompt; the block runs when
    # it closes, as one undo step.
    enter(child, "repeat 3 {")
    expect(child, CONTINUATION, "the continuation prompt while `{` is open")
    enter(child, "  move right")
    expect(child, CONTINUATION, "the continuation prompt on the next line")
    enter(child, "}")
    prompt(child, "once the block is closed")
    run(child, "show shape", "shape: at (3, 1), red")
    # A string left open asks for more too.
    enter(child, 'help "')
    expect(child, CONTINUATION, "the continuation prompt while a string is open")
    enter(child, '"')
    prompt(child, "after the string is closed")

    # A compile error is reported in colour (stderr is a terminal) and the session goes on.
    run(child, "paitn blue", "\x1b[1;31merror:", "unknown command `paitn` (did you mean `paint`?)")

    # A run-time failure is rolled back: the transaction left nothing behind, and the
    # next undo reverts the statement before it.
    run(child, "transaction { move left 3; door.lock; door.open }", "the door is locked")
    run(child, "show shape; show door", "shape: at (3, 1), red", "door: closed, unlocked")
    run(child, "undo; show shape", "shape: at (0, 1), red")
    # A failed statement leaves the redo stack as it was.
    run(child, "transaction { door.lock; door.open }", "the door is locked")
    run(child, "redo; show shape", "shape: at (3, 1), red")
    run(child, "undo")

    # Macros defined at one prompt work at the next.
    run(child, "macro zig n { move up $n; move right $n }")
    run(child, "zig 2; show shape", "shape: at (2, 3), red")
    finish(child, "basics")


def reports():
    """At the prompt, statements that change state without printing say what they did;
    the start-up file's statements do not."""
    with open(os.path.join(folder("reports", "config", "cmdscript"), "init.cmd"), "w") as f:
        f.write("new door front\nuse front\n")
    child = spawn(home="reports")
    prompt(child, "at the start")
    if "now using" in child.before or "made `front`" in child.before:
        fail("the start-up file's statements should not report", child)
    run(child, "move up; paint red")
    run(child, "undo", "undid `paint red`")
    run(child, "redo", "redid `paint red`")
    run(child, "new door back", "made `back`, a new door")
    run(child, "use back", "now using `back`")
    run(child, "undo 2", "undid 2 steps: `new door back`, `paint red`")
    run(child, "queue move up; discard", "dropped 1 pending statement")
    export = os.path.join(ROOT, "reports-export.cmd")
    run(child, f'export "{export}"', f"wrote 2 steps to `{export}`")
    run(child, "new door side; side.lock; side.open", "side: the door is locked")
    finish(child, "reports")


def no_color():
    """NO_COLOR: no colour escape codes at all; errors located on the entry's own
    line numbers; Ctrl-D at `...>` drops the unfinished entry with a note and returns to
    `cmd>` (nothing of it runs); Ctrl-D there exits 0."""
    child = started("NO_COLOR", no_color=True)
    run(child, "show door", "door: closed, unlocked")
    run(child, "door.opne", "<stdin>:1:6: error: `door` has no verb `opne` (did you mean `open`?)")
    run(child, "help", "Receivers", "REPL commands", "record NAME")
    enter(child, "repeat 2 {")
    expect(child, CONTINUATION, "the continuation prompt (NO_COLOR)")
    enter(child, "  move up")
    expect(child, CONTINUATION, "the continuation prompt on the block's second line")
    child.sendcontrol("d")
    expect(child, "dropped the unfinished entry (2 lines)", "the note at Ctrl-D on `...>`")
    prompt(child, "after Ctrl-D on `...>`")
    if "expected `}`" in child.before:
        fail("Ctrl-D on `...>` should drop the entry, not report it", child)
    run(child, "show shape", "shape: at (0, 0), blue")
    # A statement complete but for its block waits for the `{` on the next line.
    enter(child, "repeat 3")
    expect(child, CONTINUATION, "the continuation prompt after `repeat 3`")
    run(child, "{ move left }")
    enter(child, "if shape.x == -3")
    expect(child, CONTINUATION, "the continuation prompt after `if …`")
    enter(child, "{ paint red } else")
    expect(child, CONTINUATION, "the continuation prompt after `} else`")
    run(child, "{ paint green }")
    run(child, "show shape", "shape: at (-3, 0), red")
    finish(child, "Ctrl-D after a dropped entry")
    codes = COLOUR.findall(child.transcript.getvalue())
    if codes:
        fail(f"NO_COLOR is set, yet the REPL wrote colour codes {codes[:5]}", child)


def narrow_help():
    """On a terminal 60 columns wide, `help` (the REPL's commands included) and
    `help shape.move` break their lines to fit it."""
    child = started("60 columns", dimensions=(40, 60))
    for line in ("help", "help shape.move"):
        enter(child, line)
        prompt(child, f"after `{line}`")
        text = child.before.replace("\r", "")
        wide = [l for l in text.split("\n") if len(l) > 60]
        if wide or "direction" not in text:
            fail(f"`{line}` on 60 columns has lines wider than the terminal: {wide}", child)
    finish(child, "after help on 60 columns")


def wrapped_diagnostics():
    """On a terminal 60 columns wide, a long diagnostic (the hint for `x += 1`, 85
    characters after its location) breaks at spaces to fit, its later lines indented under
    the message's first word, as rustc's notes are, and code in backticks is never broken;
    the source line and caret stay as they are."""
    child = started("wrapped diagnostics", dimensions=(40, 60))
    enter(child, "x += 1")
    prompt(child, "after `x += 1`")
    text = COLOUR.sub("", child.before.replace("\r", ""))
    lines = [l for l in text.split("\n") if l.strip()]
    header = next((i for i, l in enumerate(lines) if "error: `+=`" in l), None)
    if header is None:
        fail(f"no error for `x += 1`: {lines!r}", child)
    indent = lines[header].index("`+=`")
    message = [lines[header][indent:]]
    for line in lines[header + 1:]:
        if not line.startswith(" " * indent) or line.startswith(" " * (indent + 1)):
            break
        message.append(line[indent:])
    joined = " ".join(message)
    expected = "`+=` is not a word of this language: write `x = $x + 1` (did you mean `x = $x + 1`?)"
    wide = [l for l in lines if len(l) > 60]
    broken_code = [l for l in message if l.count("`") % 2 == 1]
    if len(message) < 3 or joined != expected or wide or broken_code:
        fail(f"the message should wrap to 60 columns under its start: {lines!r}", child)
    finish(child, "after a wrapped diagnostic")


def completion():
    """Tab completes a verb, Tab Tab lists a receiver's verbs and a parameter's words."""
    child = started("completion")
    press(child, "pai\t", "paint ")
    press(child, "r\t", "red ")
    accept(child, "the completed line")
    run(child, "show shape", "shape: at (0, 0), red")
    # Tab Tab lists the verbs of `shape.`, then redraws the line; Ctrl-U clears it.
    press(child, "shape.\t\t", re.compile(r"move\s+paint"), "shape.")
    press(child, "\x15paint \t\t", re.compile(r"black\s+blue\s+cyan"), "yellow")
    press(child, "\x15doo\t", "door.")
    press(child, "op\t", "open ")
    accept(child, "door.open")
    run(child, "show door", "door: open, unlocked")
    # Inside `( … )` a word starts after the `(`: a condition's receivers and queries.
    press(child, "echo (sh\t", "shape.")
    press(child, "\t\t", re.compile(r"colour\s+x\s+y"), "echo (shape.")
    press(child, "x)")
    accept(child, "echo (shape.x)")
    press(child, "rec\t", "record ")
    press(child, "\x15")
    enter(child, "")
    prompt(child, "after an empty line")
    finish(child, "completion")


def certain_errors():
    """An entry ends as soon as an error in it is certain: a `:` after a header is reported
    at once, a header followed by a line that is not its block at that line, an error in
    an open block at its line; a header awaiting its `{` still asks for more."""
    child = started("certain errors")
    enter(child, "if shape.x > 2:")
    expect(child, "1:15: error: unexpected `:`", "the `:` reported at once")
    prompt(child, "after the `:` error")
    enter(child, "if shape.x > 100")
    expect(child, CONTINUATION, "the continuation prompt while the header awaits its block")
    enter(child, "move up")
    expect(child, "2:1: error: expected `{` to start a block, found `move`", "the line that is not a block")
    prompt(child, "after the missing `{`")
    run(child, "show shape", "shape: at (0, 0), blue")
    enter(child, "repeat 2 {")
    expect(child, CONTINUATION, "the continuation prompt in a block")
    enter(child, "  paint red:")
    expect(child, "2:12: error: unexpected character `:`", "an error in an open block reported at once")
    prompt(child, "after the error in a block")
    finish(child, "certain errors")


def variable_completion():
    """Tab after `$` offers the names in scope: the session's variables, and while a block
    is open, its turn and the `var`s typed in it so far."""
    child = started("variable completion")
    run(child, "let total = 5")
    enter(child, "repeat 2 as turn {")
    expect(child, CONTINUATION, "the continuation prompt in the block")
    enter(child, "  var step = 1")
    expect(child, CONTINUATION, "the continuation prompt after the block's `var`")
    press(child, "  move up $\t\t", re.compile(r"\$step\s+\$total\s+\$turn"), "move up $")
    press(child, "tu\t", "turn ")
    child.send("\r")
    expect(child, CONTINUATION, "the continuation prompt after the completed line")
    enter(child, "}")
    prompt(child, "after the block")
    run(child, "show shape", "shape: at (0, 3), blue")
    finish(child, "variable completion")


def file_completion():
    """Tab after `source` and `export` completes file names: in a string, from a folder
    (no space after `/`), a unique file closing the string; Tab Tab lists several; an
    unquoted path gets its opening quote."""
    files = folder("completing", "files")
    os.makedirs(os.path.join(files, "sub"), exist_ok=True)
    for name, text in [("lib.cmd", "move up 3\n"), ("list.cmd", "show door\n")]:
        with open(os.path.join(files, name), "w") as f:
            f.write(text)
    child = started("file completion", home="completing")
    press(child, f'source "{files}/lib.c\t', 'lib.cmd" ')
    accept(child, "the completed `source`")
    run(child, "show shape", "shape: at (0, 3), blue")
    press(child, f'source "{files}/li\t\t', "list.cmd")
    press(child, "\x15")
    enter(child, "")
    prompt(child, "after Tab Tab on two files")
    # A folder takes no closing quote (bash's way): the path goes on.
    press(child, f'source "{files}/s\t', f'source "{files}/sub/')
    press(child, "\t\t")
    child.send("\x15")
    enter(child, "")
    prompt(child, "after a folder completed")
    if f'{files}/sub/"' in child.before:
        fail("a completed folder got a closing quote", child)
    # Completed after a quote, a file closes its string once.
    press(child, f'source "{files}/lib\t', 'lib.cmd" ')
    child.send("\x15")
    enter(child, "")
    prompt(child, "after a file completed after a quote")
    if 'lib.cmd""' in child.before:
        fail("a completed file got two closing quotes", child)
    press(child, f"export {files}/s\t", f'export "{files}/sub/')
    press(child, 'out.cmd"')
    accept(child, "the completed `export`")
    if not os.path.exists(os.path.join(files, "sub", "out.cmd")):
        fail("`export` with a completed path wrote no file", child)
    finish(child, "file completion")


def history():
    """Lines are saved in $XDG_STATE_HOME/cmdscript/history; Up recalls them in the next
    session. A multi-line entry is one history item: Up recalls the whole block, in the
    same session and the next (psql's and sqlite3's habit)."""
    child = started("history, first run", home="history")
    run(child, "move left 2")
    run(child, "paint green")
    enter(child, "repeat 2 {")
    enter(child, "  move up")
    enter(child, "}")
    prompt(child, "after the block")
    press(child, "\x1b[A", "repeat 2 {")  # Up: the whole block
    accept(child, "the recalled block")
    run(child, "show shape", "shape: at (-2, 4), green")
    finish(child, "history, first run")
    path = os.path.join(ROOT, "history", "state", "cmdscript", "history")
    with open(path) as f:
        saved = [line for line in f.read().split("\n") if not re.fullmatch(r"#[0-9]+", line)]
    if saved[-7:] != ["move left 2", "paint green", "repeat 2 {", "  move up", "}", "show shape", ""]:
        fail(f"the history file {path} holds {saved!r}", child)

    child = started("history, second run", home="history")
    press(child, "\x1b[A", "show shape")  # Up: the last entry of the first run
    press(child, "\x1b[A", "}")  # the block before it, whole
    press(child, "\x1b[A", "paint green")  # and the line before the block
    press(child, "\x1b[A", "move left 2")
    accept(child, "the recalled line")
    run(child, "show shape", "shape: at (-2, 0), blue")
    press(child, "\x1b[A", "show shape")
    press(child, "\x1b[A", "move left 2")
    press(child, "\x1b[A", "show shape")  # the first run's
    press(child, "\x1b[A", "}")  # and its block
    accept(child, "the recalled block")
    run(child, "show shape", "shape: at (-2, 2), blue")
    finish(child, "history, second run")


def history_not_a_file():
    """A history file that is a FIFO (or a device) is not used: the REPL starts at once and
    says that no history is kept, instead of waiting for a writer."""
    os.mkfifo(os.path.join(folder("history_fifo", "state", "cmdscript"), "history"))
    child = spawn(home="history_fifo")
    expect(child, "note: no history is kept: the history file ", "the note about the history file")
    expect(child, "cannot be used: it is a FIFO, not a regular file", "why the history file is not used")
    prompt(child, "first (a FIFO as the history file)")
    run(child, "move up; show shape", "shape: at (0, 1), blue")
    finish(child, "a FIFO as the history file")


def interrupt():
    """Ctrl-C at the prompt drops a half-typed block; Ctrl-C during a long statement is
    acknowledged at once, rolls it back (with its progress, and what a second Ctrl-C says)
    and returns to the prompt."""
    child = started("Ctrl-C")
    run(child, "move up")
    enter(child, "repeat 3 {")
    expect(child, CONTINUATION, "the continuation prompt before Ctrl-C")
    press(child, "move up", "move up")
    press(child, "\x03", "^C")  # Ctrl-C at the prompt
    prompt(child, "after Ctrl-C (the main prompt again, not the continuation prompt)")
    run(child, "show shape", "shape: at (0, 1), blue")

    # Ctrl-C during a long statement: acknowledged at once, from another thread, while the
    # main thread undoes what the statement did; a second Ctrl-C says why it goes on; the
    # error is located at the statement, the same place however far it had come.
    enter(child, "repeat 1000000000 { move up }")
    # Not a wait for output: the statement runs a while, so that there is much to roll back
    # (the release build runs about 50 million commands a second: the billion outlasts it).
    time.sleep(0.5)
    start = time.monotonic()
    child.sendcontrol("c")
    expect(child, re.compile(r"interrupted after (\d+) commands; rolling back…\r\n"), "the acknowledgement")
    acknowledged = time.monotonic() - start
    commands = int(child.match.group(1))
    MEASURED["Ctrl-C to its acknowledgement during `repeat 1000000000 { move up }`"] = (
        f"{acknowledged * 1000:.0f} ms ({commands} commands to roll back)")
    if acknowledged > ANSWER_LIMIT:
        fail(f"Ctrl-C took {acknowledged:.2f} s to be acknowledged", child)
    child.sendcontrol("c")
    expect(child, re.compile(r"still rolling back: \d+ of " + str(commands) + " commands undone|<stdin>:1:1: error: interrupted"),
           "what a second Ctrl-C says while the rollback runs")
    second = child.after
    if "error" not in second:
        expect(child, "<stdin>:1:1: error: interrupted", "the interrupted statement's error, at the statement")
    shown = child.before
    prompt(child, "after interrupting a statement")
    latency = time.monotonic() - start
    MEASURED["Ctrl-C to prompt during `repeat 1000000000 { move up }`"] = f"{latency * 1000:.0f} ms"
    if latency - acknowledged > ANSWER_LIMIT + 0.5 and "rolling back: " not in shown + second:
        fail(f"a rollback of {latency:.2f} s showed no progress", child)
    run(child, "show shape", "shape: at (0, 1), blue")
    # However soon the Ctrl-C, the error is at the statement.
    enter(child, "repeat 1000000000 { move up }")
    child.sendcontrol("c")
    expect(child, "<stdin>:1:1: error: interrupted", "the error of a statement interrupted at once, at the statement")
    prompt(child, "after interrupting a statement at once")
    run(child, "show shape", "shape: at (0, 1), blue")
    # The interrupted statement is no step: undo reverts the `move up` before it.
    run(child, "undo; show shape", "shape: at (0, 0), blue")
    finish(child, "Ctrl-C")


def dumb_terminal():
    """TERM=dumb (Emacs's shell, say) shows escape codes as text: no colour, even with
    NO_COLOR unset."""
    child = started("TERM=dumb", no_color=False, term="dumb")
    run(child, "paitn blue", "error: unknown command `paitn`")
    finish(child, "TERM=dumb")
    if COLOUR.search(child.transcript.getvalue()):
        fail("colour escape codes under TERM=dumb", child)


def repl_command_endings():
    """A REPL command ends at `;` or `#`, like a statement: `macros; show shape` lists the
    macros, then runs `show shape`; `macros # list` ignores the comment; an error after a
    `;` keeps the columns of the line; a `;` in a string is the string's."""
    child = started("REPL command endings", home="endings")
    run(child, "macro hop { move up }")
    run(child, "macros; show shape", "macro hop { move up }", "shape: at (0, 0)")
    run(child, "macros # list them", "macro hop { move up }")
    if "usage:" in child.before:
        fail("`macros # list them` is not a usage error", child)
    run(child, "macros;paitn", "<stdin>:1:8: error: unknown command `paitn`")
    # A diagnostic counts the lines of its entry, not of the session.
    enter(child, "repeat 2 {")
    enter(child, "  paitn red")
    run(child, "}", "<stdin>:2:3: error: unknown command `paitn`")
    enter(child, "record twice; hop; hop")
    expect(child, "recording macro `twice`", "`record` before a `;`")
    expect(child, "record twice> ", "the recording prompt after `record twice; hop; hop`")
    run(child, "end # done", "defined macro `twice` (2 statements)")
    run(child, "twice; show shape", "shape: at (0, 4)")
    # A `;` in a string is the string's: the whole string is the (wrong) name, and nothing
    # after it is left open.
    run(child, 'record "a;b"', 'cannot record `"a;b"`: a macro name must be a word')
    finish(child, "REPL command endings")


def repl_command_errors():
    """A REPL command written wrongly is an error that quotes the line typed, with the
    caret under the command: not the statement typed before it (in a fresh REPL, there
    is none)."""
    child = started("REPL command errors", ["--safe"], home="command_errors")
    for line, message, caret in [
        ("exit 3", "usage: exit (it takes no arguments)", "    ^~~~"),
        ("quit now", "usage: quit (it takes no arguments)", "    ^~~~"),
        ("  end 5", "usage: end (it takes no arguments)", "      ^~~"),
        ("macros foo", "usage: macros, or macros save", "    ^~~~~~"),
        ("macros save", "`macros save` is not allowed: under --safe the REPL writes no files", "    ^~~~~~"),
    ]:
        enter(child, line)
        expect(child, f"error: {message}\r\n", f"the error of `{line}`")
        prompt(child, f"after `{line}`")
        if child.before != f"    {line}\r\n{caret}\r\n":
            fail(f"`{line}`: the error should quote it with the caret under the command", child)
        run(child, "move up; show shape", "shape: at")
    finish(child, "REPL command errors")


def leave(child, line, step):
    """Types `line` (`exit` or `quit`): the REPL must end with status 0."""
    enter(child, line)
    ended(child, step, f"`{line}`")


def starting():
    """The one-line banner (version, `help`, how to leave) before the first prompt, none
    with -q; `exit` and `quit` leave (and `help exit` says so); -i runs -c text or files,
    then stays at the prompt with their state, without the start-up file."""
    child = spawn(home="starting")
    expect(child, "cmdscript 0.2.0 (CommandScript language version 2). Type `help` for help, `exit` or Ctrl-D to leave.",
           "the banner")
    prompt(child, "first (banner)")
    run(child, "help exit", "exit                leave the REPL")
    run(child, "help quit", "quit                leave the REPL")
    leave(child, "exit", "exit")

    child = started("-q", ["-q"], home="starting")
    if "cmdscript 0.2.0" in child.before:
        fail("-q should suppress the banner", child)
    run(child, "exit now", "usage: exit (it takes no arguments)")
    leave(child, "quit # bye", "quit")

    with open(os.path.join(folder("starting"), "lib.cmd"), "w") as f:
        f.write("macro hop { move up }\nhop\n")
    os.makedirs(os.path.join(folder("starting", "config"), "cmdscript"), exist_ok=True)
    with open(os.path.join(folder("starting", "config"), "cmdscript", "init.cmd"), "w") as f:
        f.write("paint red\n")
    child = spawn(["-i", "-c", "move right 2; show shape"], home="starting")
    expect(child, "shape: at (2, 0), blue", "-i -c runs the text first")
    prompt(child, "after -i -c")
    run(child, "undo; show shape", "shape: at (0, 0), blue")
    leave(child, "quit", "-i -c")

    child = spawn(["-i", os.path.join(folder("starting"), "lib.cmd")], home="starting")
    prompt(child, "after -i FILE")
    run(child, "hop; show shape", "shape: at (0, 2), blue")
    leave(child, "exit; show shape", "-i FILE")
    if "at (0, 2)" in child.before:
        fail("nothing after `exit;` should run", child)


def startup_error():
    """A start-up file with a compile error: the error, then that nothing of it ran and
    which macros are therefore not defined."""
    with open(os.path.join(folder("startup", "config", "cmdscript"), "init.cmd"), "w") as f:
        f.write('macro hop { move up }\n# macro not\nmacro zig n { paint "macro x" }; paitn red\n')
    child = spawn(home="startup")
    expect(child, "unknown command `paitn`", "the start-up file's error")
    expect(child, "nothing of the start-up file ", "the note that nothing ran")
    expect(child, "init.cmd ran; macros not defined: hop, zig\r\n", "the macros not defined")
    prompt(child, "first (start-up error)")
    run(child, "hop", "unknown command `hop`")
    finish(child, "start-up error")


def recording():
    """record/end define a macro from what was typed (net of undo); macros lists it;
    macros save appends it to the start-up file, which the next REPL sources unless
    --no-init."""
    child = started("recording", home="recording")
    enter(child, "record square")
    expect(child, "recording macro `square`", "record starts")
    expect(child, "record square> ", "the recording prompt")
    enter(child, "move up 2; paint red")
    expect(child, "record square> ", "the recording prompt after a statement")
    enter(child, "undo")  # takes back `paint red`
    expect(child, "record square> ", "after undo")
    enter(child, "show shape")
    expect(child, "shape: at (0, 2), blue", "statements run as usual while recording")
    enter(child, "move right 2")
    expect(child, "record square> ", "after the last statement")
    enter(child, "new door back")  # a step no macro can hold
    expect(child, "record square> ", "after new")
    run(child, "end", "1 step(s) made by statements that only stand at the top level", "defined macro `square` (2 statements)")
    run(child, "square; show shape", "shape: at (4, 4), blue")
    run(child, "macros", "macro square {\r\n  move up 2\r\n  move right 2\r\n}")
    run(child, "end", "error: not recording")
    run(child, "record move", "cannot record `move`: `move` is a verb of `shape`")
    run(child, "macros save", "saved 1 macro to ")
    run(child, "macros save", "already has every macro")
    finish(child, "recording")
    init = os.path.join(ROOT, "recording", "config", "cmdscript", "init.cmd")
    with open(init) as f:
        if f.read() != "macro square {\n  move up 2\n  move right 2\n}\n":
            fail(f"unexpected {init}", child)

    child = started("start-up file", home="recording")
    run(child, "square; show shape", "shape: at (2, 2), blue")
    finish(child, "start-up file")

    child = started("--no-init", ["--no-init"], home="recording")
    run(child, "square", "unknown command `square`")
    finish(child, "--no-init")


def safe():
    """--safe: the REPL writes no files either: no history file, `macros save` refused."""
    child = started("--safe", ["--safe"], home="safe")
    run(child, "macro hop { move up }")
    run(child, "macros save", "error: `macros save` is not allowed: under --safe the REPL writes no files")
    run(child, 'export "out.cmd"', "`export` is not allowed")
    run(child, "hop; show shape", "shape: at (0, 1), blue")
    finish(child, "--safe")
    for path in [("state", "cmdscript"), ("config", "cmdscript")]:
        if os.path.exists(os.path.join(ROOT, "safe", *path)):
            fail(f"--safe wrote {os.path.join(*path)}", child)


def session():
    """--session FILE journals what took effect; killed with SIGKILL and started again,
    the receivers, undo and redo stacks and macros are exactly as they were."""
    journal = os.path.join(folder("session"), "work.cmdsession")
    # The start-up file is sourced when the session begins, and its statements are
    # journaled as written (each entry is followed by its `#~` checksum line).
    with open(os.path.join(folder("session", "config", "cmdscript"), "init.cmd"), "w") as f:
        f.write("macro up2\n{ move up 2 }\n")
    child = started("--session", ["--session", journal], home="session")
    run(child, "macro hop n { move right $n }")
    run(child, "move up; paint red")
    run(child, "hop 3")
    run(child, "door.open")
    run(child, "paitn blue", "unknown command")  # does not compile: not journaled
    run(child, "transaction { door.close; door.lock; door.open }", "the door is locked")  # rolled back
    run(child, "undo")
    run(child, "show", "shape: at (3, 1), red", "door: closed, unlocked")
    enter(child, "history")
    history = child_output(child, "history")
    child.kill(signal.SIGKILL)
    child.close()
    if child.signalstatus != signal.SIGKILL:
        fail(f"the REPL should have been killed, status {child.exitstatus}", child)
    with open(journal) as f:
        # The `#= time` records say when each statement was made: not compared.
        lines = [line for line in f.read().split("\n") if not line.startswith("#~") and not line.startswith("#= time ")]
    expected = ["macro up2", "{ move up 2 }", "macro hop n { move right $n }", "move up", "paint red", "hop 3",
                "door.open", "undo", ""]
    if lines != expected:
        fail(f"the journal holds {lines!r}, expected {expected!r}", child)

    child = started("resumed --session", ["--session", journal], home="session")
    # It says what it picked up, once, before the first prompt (the start-up file's macro
    # and the six statements typed that took effect).
    said = COLOUR.sub("", child.transcript.getvalue())
    if said.count(f"resumed 7 statements from {journal}\r\n") != 1:
        fail(f"the resumed session should say `resumed 7 statements from {journal}` once: {said!r}", child)
    run(child, "show", "shape: at (3, 1), red", "door: closed, unlocked")
    enter(child, "history")
    resumed = child_output(child, "history (resumed)")
    # The journal keeps each step's time: the resumed history is the same, times included.
    if resumed != history:
        fail(f"history after resuming:\n{resumed}\nexpected:\n{history}", child)
    # As written, as before the kill.
    run(child, "macros", "macro up2\r\n{ move up 2 }\r\nmacro hop n { move right $n }")
    run(child, "redo; show door", "door: open, unlocked")
    run(child, "hop 1; show shape", "shape: at (4, 1), red")
    child.kill(signal.SIGKILL)
    child.close()

    child = started("resumed twice", ["--session", journal, "-q"], home="session")
    if "resumed" in child.transcript.getvalue():
        fail("with -q a resumed session says nothing", child)
    run(child, "show", "shape: at (4, 1), red", "door: open, unlocked")
    finish(child, "resumed twice")


def child_output(child, step):
    """The lines the REPL writes up to its next prompt (after `enter`)."""
    prompt(child, f"after {step}")
    return child.before.replace("\r\n", "\n").strip("\n")


def terminal():
    """Ctrl-Z and fg in a job-control shell leave the terminal usable and the session
    going on; SIGTERM and SIGHUP restore the terminal (a plain sh does not)."""
    env_ps1 = "SH$ "
    child = spawn(command=["bash", "--norc", "--noprofile", "-i"], home="terminal")
    child.sendline(f"PS1='{env_ps1}'")
    expect(child, "\r\n" + env_ps1, "the shell prompt")
    child.sendline(BINARY)
    prompt(child, "first (in bash)")
    child.send("move up")
    expect(child, "move up", "the typed line")
    child.sendcontrol("z")
    expect(child, "Stopped", "Ctrl-Z stops the REPL")
    expect(child, env_ps1, "the shell prompt after Ctrl-Z")
    child.sendline("stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo")
    expect(child, "icanon echo", "the terminal is in cooked mode for the shell")
    expect(child, env_ps1, "the shell prompt")
    child.sendline("fg")
    expect(child, "cmd> move up", "fg redraws the prompt and the line")
    child.sendline(" 2; show shape")
    expect(child, "shape: at (0, 2), blue", "the line typed before Ctrl-Z goes on after fg")
    prompt(child, "after fg")
    child.sendcontrol("d")
    expect(child, env_ps1, "the shell prompt after Ctrl-D")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()

    check = "stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo DONE"
    for number in [signal.SIGTERM, signal.SIGHUP]:
        child = started(f"before {number.name}", command=["sh", "-c", f"'{BINARY}'; {check}"], home="terminal")
        with open(f"/proc/{child.pid}/task/{child.pid}/children") as f:
            os.kill(int(f.read().split()[0]), number)
        expect(child, "DONE", f"the shell after {number.name}")
        if "icanon echo DONE" not in child.before + "DONE":
            fail(f"the terminal was left in raw mode after {number.name}", child)
        child.close()


def pictures():
    """`show` on a terminal draws the shape and the board: colour roles as escape codes
    (the shape bold in its colour, the path in its colour, axes, the last move, the
    winning line highlighted); NO_COLOR gives the same picture in plain characters; a small
    terminal gets a picture that fits it; --pictures never gives the one-line description."""
    child = started("pictures", no_color=False, home="pictures", term="xterm")
    run(child, "move up 2; move right 3; paint red; move down 4; show shape",
        "shape: at (3, -2), red",
        "\x1b[2m. \x1b[0m\x1b[31m*-*-*-* \x1b[0m\x1b[2m.\x1b[0m",
        "\x1b[36m--\x1b[0m\x1b[31m*\x1b[0m\x1b[36m-----\x1b[0m\x1b[31m*\x1b[0m\x1b[36m-- \x1b[0m\x1b[1mx\x1b[0m",
        "\x1b[1;31m@ \x1b[0m",
        "x -1..4, y -3..3, path: 3 moves")
    run(child, "place 1 1; place 1 2; place 2 2; place 1 3; place 3 3; show board",
        "board:",
        "\x1b[1m1 2 3\x1b[0m",
        "\x1b[1m1  \x1b[0m\x1b[1;7;32mX\x1b[0m \x1b[1;35mO O\x1b[0m",
        "\x1b[1;33m[\x1b[0m\x1b[1;7;32mX\x1b[0m\x1b[1;33m]\x1b[0m",
        "winner: X (diagonal)")
    finish(child, "pictures")

    child = started("pictures, NO_COLOR", no_color=True, home="pictures")
    run(child, "move up 2; move right 3; show shape",
        "shape: at (3, 2), blue", ". *-*-*-@ .", "--*-------- x", "x -1..4, y -1..3, path: 2 moves")
    finish(child, "pictures (NO_COLOR)")
    if COLOUR.findall(child.transcript.getvalue()):
        fail("NO_COLOR is set, yet the picture has colour codes", child)

    child = started("pictures, 40×12", no_color=True, home="pictures", dimensions=(12, 40))
    run(child, "move right 1000")
    run(child, "move up 37")
    run(child, "show shape", "shape: at (1000, 37), blue", "path: 2 moves")
    finish(child, "pictures (40×12)")
    shown = child.transcript.getvalue().split("shape: at (1000, 37), blue")[1].split("path: 2 moves")[0]
    lines = shown.replace("\r", "").split("\n")
    if len(lines) > 10 or any(len(line) > 40 for line in lines):
        fail(f"the picture does not fit 40×12: {lines!r}", child)

    child = started("--pictures never", ["--pictures", "never"], no_color=True, home="pictures")
    run(child, "move up; show shape; show door", "shape: at (0, 1), blue\r\ndoor: closed, unlocked")
    finish(child, "--pictures never")



def source_interrupt():
    """Ctrl-C during `source` of a large file stops it: the statement running is rolled
    back, the next does not start; the REPL says how many of its statements did not run,
    and the session goes on; the journal holds exactly the statements that ran."""
    moves, size = 20000, 100000
    big = os.path.join(folder("source_interrupt"), "big.cmd")
    marker = os.path.join(folder("source_interrupt"), "started.cmd")
    # Its first statement writes a file: once that is there, the file has been read and
    # checked, and runs (however slow checking is on a loaded machine).
    count = moves + 1
    with open(big, "w") as f:
        f.write(f'export "{marker}"\n' + f"repeat {size} {{ move up }}\n" * moves)
    journal = os.path.join(folder("source_interrupt"), "s.cmdsession")
    child = started("source", ["--session", journal])
    enter(child, f'source "{big}"')
    deadline = time.monotonic() + TIMEOUT
    while not os.path.exists(marker) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    start = time.monotonic()
    child.sendcontrol("c")
    pattern = re.compile(r"stopped: (\d+) of its " + str(count) + r" statements did not run")
    expect(child, pattern, "the stopped source's report")
    left = int(child.match.group(1))
    prompt(child, "after interrupting a source")
    latency = time.monotonic() - start
    MEASURED[f"Ctrl-C to prompt during `source` of {count} long statements"] = f"{latency * 1000:.0f} ms"
    if latency > ANSWER_LIMIT or not 0 < left < count:
        fail(f"Ctrl-C took {latency:.2f} s; {left} statements left", child)
    enter(child, "show shape")
    expect(child, re.compile(r"shape: at \(0, (\d+)\), blue"), "the shape after the source")
    shown = child.match.group(0)
    y = int(child.match.group(1))
    # The statement interrupted while it ran counts as started, and is rolled back (the
    # first statement, the export, moves nothing).
    if y not in (size * (count - left - 1), size * (count - left - 2)):
        fail(f"{left} statements did not run, but the shape is at y = {y}", child)
    prompt(child, "after `show shape`")
    child.kill(signal.SIGKILL)
    child.close()
    child = started("resumed after the source", ["--session", journal])
    run(child, "show shape", shown)
    finish(child, "resumed after the source")


def cpu_seconds(pid):
    """The processor time process `pid` has used, in seconds (Linux's /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def source_check_interrupt():
    """Ctrl-C while `source` is still checking a large file stops the checking: nothing of
    the file runs, the REPL says so and goes on (it used to wait until all of it was
    checked, 5.5 s for 100 MB)."""
    big = os.path.join(folder("source_check_interrupt"), "big.cmd")
    with open(big, "w") as f:
        f.write("move up\n" * 4_000_000)
    child = started("source while checking")
    enter(child, f'source "{big}"')
    # Reading takes milliseconds, checking 32 MB about two seconds of the processor on the
    # release build: once the REPL has used 0.3 s of it, it is checking.
    busy = cpu_seconds(child.pid) + 0.3
    deadline = time.monotonic() + TIMEOUT
    while cpu_seconds(child.pid) < busy and time.monotonic() < deadline:
        time.sleep(0.01)
    start = time.monotonic()
    child.sendcontrol("c")
    expect(child, "error: interrupted while checking", "the interrupted check's error")
    prompt(child, "after interrupting a check")
    latency = time.monotonic() - start
    MEASURED["Ctrl-C to prompt while `source` checks 32 MB"] = f"{latency * 1000:.0f} ms"
    if latency > ANSWER_LIMIT:
        fail(f"Ctrl-C took {latency:.2f} s to stop the check", child)
    run(child, "show shape", "shape: at (0, 0), blue")
    finish(child, "source while checking")


def full_disk():
    """At the REPL, a statement the journal cannot keep (a full disk) does not run; the
    REPL says so and goes on, and once there is space again the session goes on too.
    Needs root and tmpfs (as in CI); skipped elsewhere."""
    if os.geteuid() != 0:
        return
    disk = folder("full_disk", "tmpfs")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", disk]).returncode != 0:
        return
    child = None
    try:
        journal = os.path.join(disk, "s.cmdsession")
        filler = os.path.join(disk, "filler")
        with open(filler, "wb") as f:
            try:
                f.write(b"x" * 65536)
                f.flush()
            except OSError:
                pass
        child = started("full disk", ["--session", journal])
        run(child, "move up; paint red", "not run: the session cannot keep it: No space left on device")
        run(child, "show shape", "shape: at (0, 0), blue")
        os.remove(filler)
        run(child, "move left")
        run(child, "show shape", "shape: at (-1, 0), blue")
        child.kill(signal.SIGKILL)
        child.close()
        child = started("resumed after the full disk", ["--session", journal])
        run(child, "show shape", "shape: at (-1, 0), blue")
        finish(child, "resumed after the full disk")
    finally:
        if child is not None:
            child.close(force=True)
        subprocess.run(["umount", disk])


def plugins():
    """Ctrl-C during a plugin's call stops the statement and rolls it back, the plugin
    included (it runs in its own process group, so the terminal's SIGINT spares it); a
    plugin that dies is reported, statements that need it fail, and the REPL goes on."""
    here = os.path.dirname(os.path.abspath(__file__))
    faulty = os.path.join(here, "Scripts", "plugins", "faults", "faulty.py")
    lamp = os.path.join(here, "..", "..", "examples", "plugins", "lamp.py")
    child = started("plugins", ["--plugin", f"python3 {lamp}", "--plugin", f"python3 {faulty} exit"])
    run(child, "gadget.set 5")
    enter(child, "{ lamp.on; gadget.slow; lamp.off }")
    time.sleep(0.3)
    child.sendcontrol("c")
    expect(child, "interrupted", "the interrupted statement's error")
    prompt(child, "after interrupting a plugin's call")
    run(child, "show lamp", "lamp: on=no")
    run(child, "show gadget", "gadget: value=5")
    enter(child, "gadget.fault")
    expect(child, "plugin `faulty` exited with status 3", "the plugin's death")
    prompt(child, "after the plugin died")
    run(child, "gadget.set 1", "is not running")
    run(child, "lamp.on; show lamp", "lamp: on=yes")
    finish(child, "plugins")


def returning_macros():
    """A macro with `return`, defined over several lines at the prompt, is called inside an
    expression and as a statement; `macros` lists it with what it returns."""
    child = started("returning macros", home="returning")
    enter(child, "macro double n {")
    run(child, "  return ($n * 2) }")
    run(child, "echo (double 3 + 1)", "7")
    run(child, "double 5", "10")
    run(child, "macros", "macro double n {\r\n  return ($n * 2) }  # returns an integer")
    run(child, "return 1", "stands only in a macro's body")
    finish(child, "returning macros")


SCENARIOS = [
    plugins, basics, no_color, dumb_terminal, completion, history, interrupt, recording, repl_command_endings, safe, session,
    terminal, pictures, source_interrupt, full_disk, starting, file_completion, startup_error, narrow_help, reports,
    repl_command_errors, history_not_a_file, source_check_interrupt, wrapped_diagnostics, certain_errors,
    variable_completion,
    returning_macros]


def main():
    global BINARY, ROOT
    BINARY = sys.argv[1]
    wanted = sys.argv[2:]
    ROOT = tempfile.mkdtemp(prefix="cmdscript-repl-")
    failures = 0
    try:
        for scenario in SCENARIOS:
            if wanted and scenario.__name__ not in wanted:
                continue
            start = time.monotonic()
            try:
                scenario()
                print(f"repl_test.py: {scenario.__name__}: passed in {time.monotonic() - start:.2f} s")
            except Failure as failure:
                failures += 1
                print(f"repl_test.py: {scenario.__name__}: FAILED: {failure}", file=sys.stderr)
    finally:
        shutil.rmtree(ROOT, ignore_errors=True)
    for name, value in MEASURED.items():
        print(f"repl_test.py: measured: {name}: {value}")
    if failures:
        sys.exit(1)
    print("repl_test.py: all REPL checks passed")


if __name__ == "__main__":
    main()
