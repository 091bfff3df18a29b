#!/usr/bin/env python3
"""Drives the cmdscript REPL in a real pseudo-terminal (run by REPLTests.swift).

Usage: repl_test.py PATH/TO/cmdscript

Waits for screen text (never sleeps a fixed time); exits 0 when every check passes,
1 with a message naming the failed step otherwise, 2 when pexpect is missing.
"""

import os
import re
import sys

try:
    import pexpect
except ImportError:
    print("repl_test.py: the Python module pexpect is missing: pip install pexpect", file=sys.stderr)
    sys.exit(2)

TIMEOUT = 10
PROMPT = "cmd> "
CONTINUATION = "...> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def fail(step, child):
    before = child.before if isinstance(child.before, str) else ""
    print(f"repl_test.py: FAILED: {step}\n--- screen text before the failure:\n{before!r}", file=sys.stderr)
    child.close(force=True)
    sys.exit(1)


def expect(child, text, step):
    """Waits for `text` (literal) on the terminal."""
    try:
        child.expect_exact(text, timeout=TIMEOUT)
    except (pexpect.TIMEOUT, pexpect.EOF):
        fail(f"{step}: waiting for {text!r}", child)


def spawn(binary, no_color):
    env = dict(os.environ)
    env["TERM"] = "dumb"
    env.pop("NO_COLOR", None)
    if no_color:
        env["NO_COLOR"] = "1"
    env["INPUTRC"] = "/dev/null"
    child = pexpect.spawn(binary, [], env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(24, 200))
    child.delaybeforesend = None  # wait for screen text instead
    child.delayafterclose = 0.01
    return child


def main():
    binary = sys.argv[1]

    # --- A session: prompt, output, continuation, errors that do not end it, Ctrl-D.
    child = spawn(binary, no_color=False)
    expect(child, PROMPT, "the first prompt")

    child.sendline("move up; paint red; show shape")
    expect(child, "shape: at (0, 1), red", "a statement's output")
    expect(child, PROMPT, "the prompt after a statement")

    # A `{` left open asks for more with the continuation prompt; the block runs when
    # it closes, as one undo step.
    child.sendline("repeat 3 {")
    expect(child, CONTINUATION, "the continuation prompt while `{` is open")
    child.sendline("  move right")
    expect(child, CONTINUATION, "the continuation prompt on the next line")
    child.sendline("}")
    expect(child, PROMPT, "the prompt once the block is closed")
    child.sendline("show shape")
    expect(child, "shape: at (3, 1), red", "the block ran")
    expect(child, PROMPT, "the prompt after show")

    # A compile error is reported (in colour: stderr is a terminal and NO_COLOR is unset)
    # and the session goes on.
    child.sendline("paitn blue")
    expect(child, "\x1b[1;31merror:", "a coloured error label")
    expect(child, "unknown command `paitn` (did you mean `paint`?)", "the compile error")
    expect(child, PROMPT, "the prompt after a compile error")

    # A run-time failure is rolled back: the transaction left nothing behind, and the
    # next undo reverts the statement before it.
    child.sendline("transaction { move left 3; door.lock; door.open }")
    expect(child, "the door is locked", "the run-time error")
    expect(child, PROMPT, "the prompt after a run-time error")
    child.sendline("show shape; show door")
    expect(child, "shape: at (3, 1), red", "the failed transaction was rolled back (shape)")
    expect(child, "door: closed, unlocked", "the failed transaction was rolled back (door)")
    expect(child, PROMPT, "the prompt after show")
    child.sendline("undo; show shape")
    expect(child, "shape: at (0, 1), red", "undo after a failure reverts the step before it")
    expect(child, PROMPT, "the prompt after undo")
    # A failed statement leaves the redo stack as it was.
    child.sendline("transaction { door.lock; door.open }")
    expect(child, "the door is locked", "a second run-time error")
    expect(child, PROMPT, "the prompt after the second run-time error")
    child.sendline("redo; show shape")
    expect(child, "shape: at (3, 1), red", "redo after a failed statement")
    expect(child, PROMPT, "the prompt after redo")
    child.sendline("undo")
    expect(child, PROMPT, "the prompt after undo")

    # Macros defined at one prompt work at the next.
    child.sendline("macro zig n { move up $n; move right $n }")
    expect(child, PROMPT, "the prompt after a macro definition")
    child.sendline("zig 2; show shape")
    expect(child, "shape: at (2, 3), red", "a macro from an earlier entry")
    expect(child, PROMPT, "the prompt after a macro call")

    # Ctrl-D on an empty line ends the session with status 0, even after errors.
    child.sendcontrol("d")
    try:
        child.expect(pexpect.EOF, timeout=TIMEOUT)
    except pexpect.TIMEOUT:
        fail("Ctrl-D should end the session", child)
    child.close()
    if child.exitstatus != 0:
        fail(f"exit status after Ctrl-D: {child.exitstatus} (signal {child.signalstatus}), expected 0", child)

    # --- NO_COLOR: plain diagnostics, located on the REPL's stream-wide line numbers.
    child = spawn(binary, no_color=True)
    expect(child, PROMPT, "the first prompt (NO_COLOR)")
    child.sendline("show door")
    expect(child, "door: closed, unlocked", "output (NO_COLOR)")
    expect(child, PROMPT, "the prompt (NO_COLOR)")
    child.sendline("door.opne")
    expect(child, "<stdin>:2:6: error: `door` has no verb `opne` (did you mean `open`?)", "a plain error")
    expect(child, PROMPT, "the prompt after the error (NO_COLOR)")
    # Ctrl-D while a block is open: the pending entry is reported, then the session ends.
    child.sendline("repeat 2 {")
    expect(child, CONTINUATION, "the continuation prompt (NO_COLOR)")
    child.sendcontrol("d")
    expect(child, "expected `}` to close `{` opened at 3:10", "the unclosed block at Ctrl-D")
    try:
        child.expect(pexpect.EOF, timeout=TIMEOUT)
    except pexpect.TIMEOUT:
        fail("Ctrl-D with an open block should end the session", child)
    child.close()
    if child.exitstatus != 0:
        fail(f"exit status after Ctrl-D: {child.exitstatus}, expected 0", child)

    print("repl_test.py: all REPL checks passed")


if __name__ == "__main__":
    main()
