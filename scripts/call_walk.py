# The lldb half of scripts/call-walk: runs the debug cmdscript on piped standard input under
# lldb, with a breakpoint at the entry of every function of the project's own modules, and
# prints the ordered trace of the statements given and its counts. The counting rule is at
# the top of scripts/call-walk; this file is run inside lldb's Python (`command script
# import`), with its settings in CALL_WALK_* environment variables.

import fcntl
import json
import os
import struct
import sys
import tempfile
import termios
import time

import lldb

# The project's own modules, by the folder their sources are in.
MODULE_FOLDERS = ("CommandScript", "CommandScriptCLI", "CommandScriptReceivers")


# How lldb names a closure of ours (a `defer` block is one too).
CLOSURE_PREFIXES = ("closure #", "implicit closure #", "$defer")


class WalkFailed(Exception):
    pass


def fail(message):
    raise WalkFailed(message)


def finish(status):
    """lldb's own exit status does not carry the script's: the wrapper reads it from a file."""
    sys.stdout.flush()
    sys.stderr.flush()
    with open(os.environ["CALL_WALK_STATUS"], "w") as f:
        f.write("%d\n" % status)


def own_file(path):
    """The path of one of our source files, from Sources/ on; None for anyone else's. The
    debug information's own paths are used, so the binary may be built from any checkout."""
    parts = path.split(os.sep)
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == "Sources" and parts[i + 1] in MODULE_FOLDERS:
            return os.sep.join(parts[i + 1:])
    return None


def kind_of(name):
    """Why a function is left out of the trace (None: it counts). See the rule in call-walk."""
    if "thunk" in name or name.startswith("outlined ") or "value witness" in name:
        return "compiler-generated"
    # A closure written in our code counts wherever it stands, the initial value of a static
    # property too: a receiver's `static let verbs` table holds each verb's body as a
    # closure, named "closure #N … in variable initialization expression of static …".
    if name.startswith(CLOSURE_PREFIXES):
        return None
    # A global's or static's lazy initialisation: its addressor and one-time initialiser.
    if "unsafeMutableAddressor" in name or "globalinit" in name or "one-time initialization" in name:
        return "compiler-generated"
    if name.startswith("default argument ") or "variable initialization expression" in name:
        return "default value"
    return None


def functions_of_interest(target):
    """{file address: (name, file, line, is_closure)} of every counted function, and the
    number left out as compiler-generated."""
    found = {}
    left_out = 0
    seen = set()
    for module in target.modules:
        for cu_index in range(module.GetNumCompileUnits()):
            cu = module.GetCompileUnitAtIndex(cu_index)
            if own_file(cu.GetFileSpec().fullpath or "") is None:
                continue
            for i in range(cu.GetNumLineEntries()):
                address = cu.GetLineEntryAtIndex(i).GetStartAddress()
                function = address.GetFunction()
                if not function.IsValid():
                    continue
                start = function.GetStartAddress()
                key = start.GetFileAddress()
                if key in seen:
                    continue
                seen.add(key)
                entry = start.GetLineEntry()
                path = own_file(entry.GetFileSpec().fullpath or "")
                name = function.GetName() or function.GetDisplayName() or "?"
                # Line 0: code the compiler made with no line of ours (thunks, witness
                # tables' entries, synthesized conformances and accessors).
                if path is None or entry.GetLine() == 0 or kind_of(name):
                    left_out += 1
                    continue
                closure = name.startswith(CLOSURE_PREFIXES)
                found[key] = (name, path, entry.GetLine(), closure, start)
    return found, left_out


def counts(calls):
    """(calls, distinct functions, distinct files, re-entries) of calls in order."""
    files_in_order = []
    for t in calls:
        if not files_in_order or files_in_order[-1] != t[1][1]:
            files_in_order.append(t[1][1])
    files = set(files_in_order)
    return (len(calls), len(set(t[1][0] for t in calls)), len(files), len(files_in_order) - len(files))


def first_calls(calls):
    """The walk as one reads it: each function at its first call only, in order."""
    seen = set()
    result = []
    for t in calls:
        if t[1][0] not in seen:
            seen.add(t[1][0])
            result.append(t)
    return result


def pending_bytes(fd):
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]


def run():
    binary = os.environ["CALL_WALK_BINARY"]
    setup = json.loads(os.environ["CALL_WALK_SETUP"])
    statements = json.loads(os.environ["CALL_WALK_STATEMENTS"])
    listing = os.environ.get("CALL_WALK_LIST", "") == "1"
    closures = os.environ.get("CALL_WALK_CLOSURES", "1") == "1"
    expect = os.environ.get("CALL_WALK_EXPECT", "")
    arguments = json.loads(os.environ.get("CALL_WALK_ARGUMENTS", '["-v"]'))

    debugger = lldb.SBDebugger.Create()
    debugger.SetAsync(False)
    target = debugger.CreateTarget(binary)
    if not target.IsValid():
        fail("lldb cannot load %s" % binary)

    functions, left_out = functions_of_interest(target)
    if not functions:
        fail("no functions of Sources/{%s} in %s's debug information: a debug build is needed (swift build --product cmdscript)" % (",".join(MODULE_FOLDERS), binary))

    # Standard input is a FIFO that this script writes one entry at a time, so that each
    # entry is read, checked and run alone, as a person at a prompt would give it.
    folder = tempfile.mkdtemp(prefix="call-walk.")
    fifo = os.path.join(folder, "stdin")
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # read-write, so that neither end waits for the other
    out_path = os.path.join(folder, "out")
    for line in setup:
        os.write(writer, (line + "\n").encode())

    # Waiting for input is the program's read(2) of descriptor 0 with nothing in the pipe.
    reads = target.BreakpointCreateByName("read")
    entries = {}
    for key, info in functions.items():
        breakpoint = target.BreakpointCreateBySBAddress(info[4])
        breakpoint.SetEnabled(False)
        entries[breakpoint.GetID()] = key

    launch = lldb.SBLaunchInfo(arguments)
    launch.AddOpenFileAction(0, fifo, True, False)
    launch.AddOpenFileAction(1, out_path, False, True)
    launch.AddOpenFileAction(2, out_path, False, True)
    launch.SetWorkingDirectory(folder)
    error = lldb.SBError()
    process = target.Launch(launch, error)
    if not error.Success() or not process.IsValid():
        fail("cannot launch %s: %s" % (binary, error.GetCString()))

    def set_tracing(on):
        for id in entries:
            target.FindBreakpointByID(id).SetEnabled(on)

    trace = []
    waiting = 0  # how many times the program has waited for input
    started = time.time()
    while True:
        state = process.GetState()
        if state in (lldb.eStateExited, lldb.eStateCrashed, lldb.eStateDetached):
            break
        if state != lldb.eStateStopped:
            fail("unexpected process state %s" % debugger.StateAsCString(state))
        finished = False
        for thread in process:
            if thread.GetStopReason() != lldb.eStopReasonBreakpoint:
                continue
            id = thread.GetStopReasonDataAtIndex(0)
            if id == reads.GetID():
                frame = thread.GetFrameAtIndex(0)
                descriptor = frame.FindRegister("rdi").GetValueAsUnsigned()
                if descriptor != 0 or pending_bytes(writer) > 0:
                    continue
                # Everything given so far is done, its answer written: the program waits.
                waiting += 1
                if waiting == 1:
                    set_tracing(True)
                if waiting <= len(statements):
                    trace.append(("entry", statements[waiting - 1]))
                    os.write(writer, (statements[waiting - 1] + "\n").encode())
                else:
                    set_tracing(False)
                    finished = True
            elif id in entries:
                info = functions[entries[id]]
                trace.append(("call", info, thread.GetIndexID()))
        if finished:
            break
        process.Continue()
    if process.GetState() != lldb.eStateExited:
        process.Kill()
    os.close(writer)
    with open(out_path, "rb") as f:
        output = f.read().decode("utf-8", "replace")
    elapsed = time.time() - started

    if waiting <= len(statements):
        fail("the program ended before the statements were done (it waited for input %d times); its output:\n%s" % (waiting, output))

    calls = [t for t in trace if t[0] == "call"]
    if not closures:
        calls = [t for t in calls if not t[1][3]]
    if not calls:
        fail("the trace is empty: no function of ours ran between the statements (is %s a debug build?)" % binary)
    if expect and expect not in output:
        fail("the program's output does not contain %r; it was:\n%s" % (expect, output))

    threads = set(t[2] for t in calls)

    # Each statement's calls, for the rows per statement.
    parts = []
    for t in trace:
        if t[0] == "entry":
            parts.append((t[1], []))
        elif t[0] == "call" and (closures or not t[1][3]):
            parts[-1][1].append(t)

    if listing:
        previous = None
        for t in trace:
            if t[0] == "entry":
                print("== %s" % t[1])
                continue
            if not closures and t[1][3]:
                continue
            name, path, line, closure, _ = t[1]
            print("%s%-44s %s" % ("  " if path == previous else "> ", "%s:%d" % (path, line), name))
            previous = path
        print()
        per_file = {}
        for t in calls:
            per_file[t[1][1]] = per_file.get(t[1][1], 0) + 1
        for path in sorted(per_file, key=lambda p: -per_file[p]):
            print("%6d  %s" % (per_file[path], path))
        print()
        print("output:")
        print(output.rstrip())
        print()

    print("walk: %s  (cmdscript %s, set-up: %s)" % (" / ".join(statements), " ".join(arguments), " / ".join(setup)))
    print("%-24s %8s %10s %6s %11s" % ("", "calls", "functions", "files", "re-entries"))
    row = "%-24s %8d %10d %6d %11d"
    print(row % (("all",) + counts(calls)))
    for statement, part in parts:
        print(row % (("  " + statement[:22],) + counts(part)))
    first = first_calls(calls)
    print(row % (("first calls only",) + counts(first)))
    print(
        "closure calls %d%s; %d functions of ours traced, %d compiler-generated left out; %d thread(s); %.0f s"
        % (sum(1 for t in calls if t[1][3]), " (left out)" if not closures else "", len(functions), left_out, len(threads), elapsed)
    )
    finish(0)


def __lldb_init_module(debugger, internal_dict):
    try:
        run()
    except WalkFailed as e:
        sys.stderr.write("call-walk: %s\n" % e)
        finish(1)
    except Exception:  # any other failure must end the walk non-zero too
        import traceback

        traceback.print_exc()
        finish(2)
