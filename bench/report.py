#!/usr/bin/env python3
"""Writes BENCHMARKS.md (to standard output) from the raw results of `bench/compare`.

Usage: report.py OUT_DIR

Reads OUT_DIR/{exec,parse,startup}.json (hyperfine --export-json), memory.tsv,
startup-instructions.tsv and machine.tsv.
"""

import json
import sys
from pathlib import Path

PEERS = ["Lua", "Python", "Tcl", "C floor"]


def load_runs(path):
    """Command name -> hyperfine result (times in seconds)."""
    results = json.loads(path.read_text())["results"]
    return {r["command"]: r for r in results}


def median(r):
    return r["median"]


def cpu(r):
    return r["user"] + r["system"]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds >= 0.01 else f"{seconds * 1000:.2f} ms"


def ratio(a, b):
    return f"{a / b:.2f}"


def read_tsv(path):
    if not path.exists():
        return []
    return [line.split("\t") for line in path.read_text().splitlines() if line.strip()]


def cap_overheads(cap_instructions):
    """(workload, cap, percent more instructions than without a cap, percent more than with
    a cap never reached: what dropping steps costs, without what reading the option costs)
    for each capped run."""
    def percent(n, base):
        return (n / base - 1) * 100 if base else None

    return [
        (w, cap, percent(n, cap_instructions[(w, "none")]), percent(n, cap_instructions.get((w, "never reached"))))
        for (w, cap), n in cap_instructions.items()
        if cap not in ("none", "never reached") and (w, "none") in cap_instructions
    ]


def main(out):
    out = Path(out)
    machine = {row[0]: row[1] for row in read_tsv(out / "machine.tsv") if len(row) == 2}
    for row in read_tsv(out / "machine.tsv"):
        if row[0] == "load" and len(row) == 3:
            machine["load_start"], machine["load_end"] = row[1], row[2]
    exec_runs = load_runs(out / "exec.json")
    decide_runs = load_runs(out / "decide.json")
    vars_runs = load_runs(out / "vars.json") if (out / "vars.json").exists() else None
    # "vars", "decide", "Lua" -> instructions of the variables workload and its neighbours.
    vars_instructions = {name: int(n) for name, n in read_tsv(out / "vars-instructions.tsv") if n}
    plugin_runs = load_runs(out / "plugin.json") if (out / "plugin.json").exists() else None
    call_runs = load_runs(out / "plugin-calls.json") if (out / "plugin-calls.json").exists() else None
    parse_runs = load_runs(out / "parse.json")
    start_runs = load_runs(out / "startup.json")
    memory = {}
    for program, n, kb in read_tsv(out / "memory.tsv")[1:]:
        memory[(program, int(n))] = int(kb)
    instructions = {name: int(count) for name, count in read_tsv(out / "startup-instructions.tsv") if count}
    # (workload, program) -> instructions (bench/compare's workload_count).
    workload_path = out / "workload-instructions.tsv"
    workload_instructions = (
        {(w, p): int(n) for w, p, n in read_tsv(workload_path) if n} if workload_path.exists() else {}
    )
    # (workload, cap) -> instructions; cap "none" is the run without --history-limit.
    cap_instructions = {(w, cap): int(n) for w, cap, n in read_tsv(out / "cap-instructions.tsv") if n}
    # history workload -> instructions (bench/compare's measure_history).
    history_path = out / "history-instructions.tsv"
    history = {w: int(n) for w, n in read_tsv(history_path) if n} if history_path.exists() else {}
    script_bytes = int(machine["script_bytes"])
    # The streams rows: 1,000,000 statements from a file, on piped stdin, and resumed.
    stream_runs = load_runs(out / "streams.json") if (out / "streams.json").exists() else {}
    stream_instructions = (
        {name: int(n) for name, n in read_tsv(out / "streams-instructions.tsv") if n}
        if (out / "streams-instructions.tsv").exists()
        else {}
    )

    lines = []
    emit = lines.append

    emit("# Benchmarks")
    emit("")
    emit(
        f"Written by `bench/compare`{' --quick' if machine.get('quick') == '1' else ''} on "
        f"{machine['date']}, source `{machine.get('revision', 'unknown')}`; do not edit by hand. Every time is the median of whole-process "
        "runs (start-up included) timed by hyperfine, and all programs of a workload were "
        "timed in the same hyperfine call. `÷ X` is cmdscript's median time divided by X's: "
        "below 1, cmdscript is faster."
    )
    emit("")
    emit("## Machine")
    emit("")
    emit(f"- CPU: {machine['cpu']}, {machine['nproc']} cores (`nproc`), {machine['memory']}")
    emit(f"- OS: {machine['os']}")
    emit(f"- {machine['swift']}; {machine['lua']}; {machine['python']}; {machine['tcl']}")
    emit(f"- C floor: `cc -O2` ({machine['cc']}); {machine['hyperfine']}")
    emit(
        f"- `cmdscript`: `scripts/build-release` (`swift build -c release --static-swift-stdlib` and the "
        f"settings the script explains), "
        f"{int(machine['binary']) / 1e6:.1f} MB"
        + (
            f" ({int(machine['loaded']) / 1e6:.1f} MB of it loaded, the rest symbols and debug info; "
            f"{int(machine['relocations']):,} relocations applied at each start)"
            if "loaded" in machine and "relocations" in machine
            else ""
        )
        + (f", dynamically linked to {machine['linked']}" if machine.get("linked") else ", linked statically")
        + f"; {machine['foundation']}"
    )
    if "load_start" in machine:
        busiest = max(float(machine["load_start"].split()[0]), float(machine["load_end"].split()[0]))
        emit(
            f"- Load average (1, 5, 15 min) when timing began: {machine['load_start']}; when it ended: "
            f"{machine['load_end']}"
        )
        if busiest > int(machine["nproc"]):
            emit("")
            emit(
                f"**The machine was busy** (load {busiest:.1f} on {machine['nproc']} cores): other processes "
                "competed for the CPU while hyperfine ran each program in turn, so wall-clock medians are "
                "inflated, and not evenly. Compare the CPU-time table too, and re-run on a quiet machine "
                "before trusting a close call."
            )
    emit("")

    # ------------------------------------------------------------------ targets
    c_exec = median(exec_runs["cmdscript"])
    c_parse = median(parse_runs["cmdscript"])
    c_start = median(start_runs["cmdscript"])
    mbps = lambda r: script_bytes / 1e6 / median(r)  # noqa: E731
    # The base each program's cost per command is counted from: its run of the workload
    # with 12 commands where there is one (bench/compare's memory section says why), else
    # its empty run.
    memory_base = {p: 12 if (p, 12) in memory else 0 for (p, _) in memory}
    per_command = {}
    for (program, n), kb in memory.items():
        base = memory_base[program]
        if n > base and (program, base) in memory:
            per_command[(program, n)] = (kb - memory[(program, base)]) * 1024 / (n - base)
    cmd_ns = sorted(n for (p, n) in per_command if p == "cmdscript")
    cmd_costs = [per_command[("cmdscript", n)] for n in cmd_ns]

    def status(ok):
        return "**met**" if ok else "**missed**"

    emit("## Targets")
    emit("")
    emit("| target | measured | |")
    emit("| --- | --- | --- |")
    exec_lua = c_exec / median(exec_runs["Lua"])
    emit(f"| exec: at most 0.10 of Lua's time | {ratio(c_exec, median(exec_runs['Lua']))} of Lua's time | {status(exec_lua <= 0.10)} |")
    c_decide = median(decide_runs["cmdscript"])
    decide_lua = c_decide / median(decide_runs["Lua"])
    emit(f"| decide: at most 0.15 of Lua's time | {ratio(c_decide, median(decide_runs['Lua']))} of Lua's time | {status(decide_lua <= 0.15)} |")
    if {"vars", "decide"} <= vars_instructions.keys():
        per_vars, per_decide = vars_instructions["vars"] / 1e6, vars_instructions["decide"] / 5e5
        emit(
            f"| variables: a turn of `i = $i + 1` in a `while` at most a decide turn's instructions | "
            f"{per_vars:,.0f} vs {per_decide:,.0f} | {status(per_vars <= per_decide)} |")
    # The targets in instructions (callgrind), which neither load nor the machine move.
    for workload, what, limit in (
        ("exec", "exec: at most 4× the C floor's instructions", 4),
        ("decide", "decide: at most 4× the C floor's instructions", 4),
        ("parse", "`--check` of the 1 MB script: at most 2× the C parser floor's instructions", 2),
    ):
        if {(workload, "cmdscript"), (workload, "C floor")} <= workload_instructions.keys():
            x = workload_instructions[(workload, "cmdscript")] / workload_instructions[(workload, "C floor")]
            emit(f"| {what} | {x:.1f}× | {status(x <= limit)} |")
    for program, what in (("cmdscript", "`-c ''`"), ("cmdscript FILE", "an empty file")):
        if {("start-up", program), ("start-up", "Lua")} <= workload_instructions.keys():
            mine, lua = workload_instructions[("start-up", program)], workload_instructions[("start-up", "Lua")]
            emit(
                f"| start-up: at most Lua's instructions ({what}) | {mine / 1e6:.2f} M vs {lua / 1e6:.2f} M | "
                f"{status(mine <= lua)} |"
            )
    if plugin_runs:
        plugin_py = median(plugin_runs["cmdscript"]) / median(plugin_runs["Python"])
        emit(
            f"| plugin: 1,000,000 commands through the Python reference plugin, at most 3× the Python peer's exec | "
            f"{plugin_py:.1f}× the Python peer ({ms(median(plugin_runs['cmdscript']))} against "
            f"{ms(median(plugin_runs['Python']))}) | {status(plugin_py <= 3)} |")
    if call_runs:
        per_call = (median(call_runs["1000 calls"]) - median(call_runs["0 calls"])) / 1000
        emit(
            f"| plugin: a statement that calls the plugin once adds well under a millisecond | "
            f"{per_call * 1e6:.0f} µs per statement | {status(per_call < 0.0005)} |")
    if cmd_costs:
        at_max = per_command[("cmdscript", cmd_ns[-1])]
        emit(
            f"| memory: at most 32 bytes per recorded command at {cmd_ns[-1]:,} | "
            f"{at_max:.1f} bytes | {status(at_max <= 32)} |"
        )
        spread = max(cmd_costs) / min(cmd_costs)
        listed = ", ".join(f"{c:.1f}" for c in cmd_costs)
        emit(
            f"| memory: cost per command flat from {cmd_ns[0]:,} to {cmd_ns[-1]:,} "
            "(largest ÷ smallest at most 2, the swing a doubling array allows) | "
            f"{listed} bytes (÷ {spread:.2f}) | {status(spread <= 2)} |"
        )
    parse_py = mbps(parse_runs["cmdscript"]) / mbps(parse_runs["Python"])
    emit(
        f"| parse: at least 20× Python's throughput | {parse_py:.1f}× "
        f"({mbps(parse_runs['cmdscript']):.1f} vs {mbps(parse_runs['Python']):.1f} MB/s) | {status(parse_py >= 20)} |"
    )
    emit(
        f"| parse: at least 140 MB/s | {mbps(parse_runs['cmdscript']):.1f} MB/s | "
        f"{status(mbps(parse_runs['cmdscript']) >= 140)} |"
    )
    parse_c = c_parse / median(parse_runs["C floor"])
    emit(f"| parse, aim: the C floor | {parse_c:.1f}× the C floor's time | {status(parse_c <= 1)} |")
    emit(
        f"| start-up: faster than Tcl | {ms(c_start)} vs {ms(median(start_runs['Tcl']))} | "
        f"{status(c_start < median(start_runs['Tcl']))} |"
    )
    emit(
        f"| start-up, aim: Lua's | {ms(c_start)} vs {ms(median(start_runs['Lua']))} | "
        f"{status(c_start <= median(start_runs['Lua']))} |"
    )
    cap_costs = cap_overheads(cap_instructions)
    if cap_costs:
        # Judged on what dropping costs where a never-reached run was measured.
        judged = [dropping if dropping is not None else cost for _, _, cost, dropping in cap_costs]
        emit(
            f"| history cap: a few percent on exec at most (taken as 5%, in instructions, over a cap never reached) | "
            f"{', '.join(f'{cost:+.1f}%' for cost in judged)} | {status(max(judged) <= 5)} |"
        )
    if {"plain", "mixed"} <= history.keys():
        undo_ratio = history["mixed"] / history["plain"]
        emit(
            f"| history: a stream with 5% `undo` and 2% `redo` at most 1.5× the same without them (instructions) | "
            f"{undo_ratio:.2f}× | {status(undo_ratio <= 1.5)} |"
        )
    if {"file", "stdin", "resume"} <= stream_runs.keys():
        file_time = median(stream_runs["file"])
        stdin_ratio = median(stream_runs["stdin"]) / file_time
        resume_ratio = median(stream_runs["resume"]) / file_time
        emit(
            f"| streams: piped stdin and resume at most 2× a file's time for the same statements | "
            f"stdin {stdin_ratio:.2f}×, resume {resume_ratio:.2f}× | {status(max(stdin_ratio, resume_ratio) <= 2)} |"
        )
    emit("")

    # ------------------------------------------------------------------ instructions
    if workload_instructions:
        emit("## Instructions")
        emit("")
        emit(
            "Instructions executed (valgrind --tool=callgrind) by the whole process, start-up "
            "included: the same on any machine and under any load. parse reads the 1 MB script "
            "(`gen_script.py 1`); start-up compares with Lua's empty run (`lua5.4 -e ''`)."
        )
        emit("")
        emit("| workload | cmdscript | C floor | ÷ C floor |")
        emit("| --- | ---: | ---: | ---: |")
        for workload, label in (
            ("exec", "exec 1,000,000 commands + undo"),
            ("decide", "decide 500,000 turns + undo"),
            ("parse", "`--check` of the 1 MB script"),
        ):
            mine, floor = workload_instructions.get((workload, "cmdscript")), workload_instructions.get((workload, "C floor"))
            if mine and floor:
                emit(f"| {label} | {mine / 1e6:,.1f} M | {floor / 1e6:,.1f} M | {mine / floor:.2f} |")
        if "vars" in vars_instructions:
            emit("")
            emit("| workload | cmdscript | per turn | Lua peer | per turn |")
            emit("| --- | ---: | ---: | ---: | ---: |")
            mine, lua = vars_instructions["vars"], vars_instructions.get("Lua")
            lua_cells = f"{lua / 1e6:,.1f} M | {lua / 1e6:,.0f}" if lua else "— | —"
            emit(f"| variables 1,000,000 turns + undo | {mine / 1e6:,.1f} M | {mine / 1e6:,.0f} | {lua_cells} |")
        emit("")
        emit("| start-up | instructions |")
        emit("| --- | ---: |")
        for program, label in (("cmdscript", "cmdscript `-c ''`"), ("cmdscript FILE", "cmdscript with an empty file"), ("Lua", "Lua 5.4, `-e ''`")):
            if ("start-up", program) in workload_instructions:
                emit(f"| {label} | {workload_instructions[('start-up', program)] / 1e6:.2f} M |")
        emit("")

    # ------------------------------------------------------------------ summary
    emit("## Medians")
    emit("")
    emit("| workload | cmdscript | Lua | Python | Tcl | C floor | ÷ Lua | ÷ Python | ÷ Tcl | ÷ C floor |")
    emit("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for title, runs in [
        ("exec 1,000,000 commands + undo", exec_runs),
        ("decide 1,000,000 commands + undo", decide_runs),
        ("parse 10 MB", parse_runs),
        ("start-up", start_runs),
    ]:
        c = median(runs["cmdscript"])
        cells = [ms(median(runs[p])) for p in PEERS]
        ratios = [ratio(c, median(runs[p])) for p in PEERS]
        emit(f"| {title} | {ms(c)} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
    emit(
        "| parse throughput (MB/s) | "
        + " | ".join(f"{mbps(parse_runs[p]):.1f}" for p in ["cmdscript"] + PEERS)
        + " | "
        + " | ".join(ratio(mbps(parse_runs["cmdscript"]), mbps(parse_runs[p])) for p in PEERS)
        + " |"
    )
    emit("")
    emit("MB/s is the file's size (10⁶ bytes a MB) over the whole process's median time.")
    emit("")
    emit("CPU time (user + system, mean over the same runs), which other load on the machine inflates less:")
    emit("")
    emit("| workload | cmdscript | Lua | Python | Tcl | C floor | ÷ Lua | ÷ Python | ÷ Tcl | ÷ C floor |")
    emit("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for title, runs in [
        ("exec 1,000,000 commands + undo", exec_runs),
        ("decide 1,000,000 commands + undo", decide_runs),
        ("parse 10 MB", parse_runs),
        ("start-up", start_runs),
    ]:
        c = cpu(runs["cmdscript"])
        cells = [ms(cpu(runs[p])) for p in PEERS]
        ratios = [ratio(c, cpu(runs[p])) for p in PEERS]
        emit(f"| {title} | {ms(c)} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
    emit("")

    def detail(runs, extra=None):
        head = "| program | median | mean ± σ | min | max | runs | CPU (user + sys) |"
        rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
        if extra:
            head += f" {extra[0]} |"
            rule += " ---: |"
        emit(head)
        emit(rule)
        for name, r in runs.items():
            row = (
                f"| {name} | {ms(r['median'])} | {ms(r['mean'])} ± {ms(r['stddev'] or 0)} | "
                f"{ms(r['min'])} | {ms(r['max'])} | {len(r['times'])} | {ms(cpu(r))} |"
            )
            if extra:
                row += f" {extra[1](r)} |"
            emit(row)
        emit("")

    emit("## exec: 1,000,000 commands, then undo all of them")
    emit("")
    emit(
        "cmdscript runs `bench/out/exec-1000000.cmd`: one top-level statement "
        "`{ repeat 83333 { move up; move right; paint red; … paint yellow }; …4 more }` that "
        "executes and records exactly 1,000,000 commands as one undo step, `show shape`, "
        "`undo`, `show shape` (checked: back at (0, 0), blue). The peers run `exec 1000000` "
        "(the same command cycle, each command a fresh object; undo one by one)."
    )
    emit("")
    detail(exec_runs)

    emit("## decide: 1,000,000 commands, each decided by a condition, then undo all of them")
    emit("")
    emit(
        "cmdscript runs `bench/out/decide-500000.cmd`: `repeat 500000 { if shape.x < 9 { move right } "
        "else { move left 9 }; if shape.colour == red { paint green } else { paint red } }` (one "
        "undo step of 1,000,000 commands, each chosen by asking the shape), `show shape`, `undo`, "
        "`show shape` (checked). The peers run `decide 500000`: the same turns, asking their shape "
        "object before each command."
    )
    emit("")
    detail(decide_runs)

    if vars_runs:
        emit("## vars: 1,000,000 turns of `i = $i + 1` in a `while`, then undo all of them")
        emit("")
        emit(
            "cmdscript runs `bench/out/vars-1000000.cmd`: `var i = 0`, `while $i < 1000000 { i = $i + 1 }` "
            "(one undo step of 1,000,000 assignments, each recorded with the variable's previous value), "
            "`show vars`, `undo`, `show vars` (checked: back at 0). The peers, `bench/peers/vars.lua` and "
            "`vars.py`, run the same loop through a fresh command object a turn with an undo log, as their "
            "`decide` keeps one, then undo it."
        )
        emit("")
        detail(vars_runs)

    emit("## parse: the 10 MB generated script")
    emit("")
    emit(
        f"`gen_script.py 10` ({script_bytes:,} bytes). cmdscript runs `--check`: lex, parse and "
        "check every statement against the receivers, run nothing. The peers run `parse FILE` "
        "(lex and parse into command objects)."
    )
    emit("")
    detail(parse_runs, ("MB/s", lambda r: f"{mbps(r):.1f}"))

    check_macros = out / "check-macros.json"
    if check_macros.exists():
        emit("## check: receiver-parameter macros")
        emit("")
        emit(
            "`bench/out/receiver-macros.cmd` (about 350 KB): 3,000 macros whose bodies act on a "
            "receiver parameter and 6,000 `new` doors each given to one, checked with `--check "
            "--safe`. Each binding is checked once, so the time is linear in the script."
        )
        emit("")
        detail(load_runs(check_macros))

    emit("## start-up: an empty run")
    emit("")
    emit(
        "cmdscript runs `-c ''`; the peers `startup` (load the program, do nothing); the C floor "
        "is an empty `main`. The other rows take cmdscript's start-up apart: "
        "`bench/startup`'s probe is linked like cmdscript (the same libraries, so the same "
        "binary to load) and stops after the named stage; the lean probe does the whole run "
        "with `-c` read by hand and only the library and the receivers linked. Every Swift "
        "program here, the hellos included, is built by `scripts/build-release`, as cmdscript is "
        "(static Swift standard library and C++ runtime, metadata reached through direct accessors)."
    )
    emit("")
    detail(start_runs, ("instructions", lambda r: f"{instructions[r['command']]:,}" if r["command"] in instructions else "–"))

    def cost(a, b):
        t = median(start_runs[a]) - median(start_runs[b])
        i = ""
        if a in instructions and b in instructions:
            i = f"{(instructions[a] - instructions[b]) / 1e6:+.2f} M"
        return f"{t * 1000:+.2f} ms", i

    emit("What `cmdscript -c ''` spends its start-up on, one layer at a time (each row the")
    emit("difference between two rows above; times are medians, so they carry the noise of a")
    emit("shared machine, while instruction counts under callgrind are exact):")
    emit("")
    emit("| part | time | instructions |")
    emit("| --- | ---: | ---: |")
    layers = [
        ("process start, empty C `main`", "C floor", None),
        ("Swift runtime and `print`, static (Swift hello − C)", "Swift hello (static)", "C floor"),
        ("FoundationEssentials linked in, as ArgumentParser brings it (hello + FoundationEssentials − hello)",
         "Swift hello + FoundationEssentials (static)", "Swift hello (static)"),
        ("the rest of cmdscript's binary: its code and ArgumentParser's "
         "(probe load only − hello + FoundationEssentials)",
         "probe: load only", "Swift hello + FoundationEssentials (static)"),
        ("ArgumentParser parsing `-c ''` (probe ArgumentParser − load only): not part of `cmdscript -c ''`, "
         "which reads plain command lines without it, but what any other command line costs",
         "probe: ArgumentParser", "probe: load only"),
        ("building the receiver registry, `ReceiverRegistry.builtins` (probe registry − load only)",
         "probe: registry", "probe: load only"),
        ("`Session` and compiling and running the empty script (probe registry + session − registry)",
         "probe: registry + session", "probe: registry"),
    ]
    for label, a, b in layers:
        t = median(start_runs[a]) - (median(start_runs[b]) if b else 0)
        i = ""
        if a in instructions and (b is None or b in instructions):
            i = f"{(instructions[a] - (instructions[b] if b else 0)) / 1e6:.2f} M"
        emit(f"| {label} | {t * 1000:.2f} ms | {i} |")
    whole, session = "probe: whole cmdscript -c ''", "probe: registry + session"
    t = median(start_runs[whole]) - median(start_runs[session])
    i = ""
    if whole in instructions and session in instructions:
        i = f"{(instructions[whole] - instructions[session]) / 1e6:.2f} M"
    emit(f"| the rest: command line, driver, console (probe whole − registry + session) | {t * 1000:.2f} ms | {i} |")
    i = f"{instructions[whole] / 1e6:.2f} M" if whole in instructions else ""
    emit(f"| **whole** (probe whole cmdscript -c '') | {median(start_runs[whole]) * 1000:.2f} ms | {i} |")
    lean = "lean probe: -c '' without ArgumentParser"
    if lean in start_runs:
        i = f"{instructions[lean] / 1e6:.2f} M" if lean in instructions else ""
        emit(
            f"| for comparison: the same run with `-c` read by hand, no ArgumentParser, FoundationEssentials "
            f"or readline linked (lean probe) | {median(start_runs[lean]) * 1000:.2f} ms | {i} |"
        )
    emit("")

    # ------------------------------------------------------------------ history cap
    if cap_costs:
        emit("## history cap: what `--history-limit` costs")
        emit("")
        emit(
            "Instructions executed (callgrind) by the whole run without a cap, with one above "
            "the steps made (never reached: what reading `--history-limit` costs, since "
            "ArgumentParser reads a command line with it) and with one that drops steps. The cap "
            "drops the oldest undo steps and removes them in batches of at least 1,024, in place."
        )
        emit("")
        emit("| workload | cap | without | never reached | with | cost | cost over never reached |")
        emit("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for workload, cap, cost, dropping in cap_costs:
            never = cap_instructions.get((workload, "never reached"))
            emit(
                f"| {workload} | {cap} | {cap_instructions[(workload, 'none')]:,} | "
                f"{f'{never:,}' if never else '—'} | {cap_instructions[(workload, cap)]:,} | {cost:+.1f}% | "
                f"{f'{dropping:+.1f}%' if dropping is not None else '—'} |"
            )
        emit("")

    # ------------------------------------------------------------------ history
    if {"plain", "mixed", "tree", "moves-100000", "moves-1000000"} <= history.keys():
        emit("## history: undo, redo and moves through the tree")
        emit("")
        emit(
            "Instructions executed (callgrind) by the whole run. A statement after `undo` starts a branch "
            "of the tree and copies nothing; a move costs the steps it undoes and redoes, so its cost per "
            "move does not grow with the number of moves."
        )
        emit("")
        emit("| workload | instructions | against |")
        emit("| --- | ---: | --- |")
        emit(
            f"| 100,000 lines with 5% `undo` and 2% `redo` | {history['mixed']:,} | "
            f"{history['mixed'] / history['plain']:.2f}× the same statements without them ({history['plain']:,}) |"
        )
        for m in (100000, 1000000):
            per_move = (history[f"moves-{m}"] - history["tree"]) / m
            emit(
                f"| a tree of 100,000 steps, then {m:,} random moves | {history[f'moves-{m}']:,} | "
                f"{per_move:,.0f} per move over the tree alone ({history['tree']:,}) |"
            )
        emit("")

    # ------------------------------------------------------------------ scaling
    # workload -> [(size, CPU seconds, peak KB)] (bench/scaling.py).
    scaling = {}
    for workload, size, seconds, kb in read_tsv(out / "scaling.tsv"):
        scaling.setdefault(workload, []).append((int(size), float(seconds), int(kb)))
    if scaling:
        emit("## scaling: work that grows with its input, at two sizes")
        emit("")
        emit(
            "CPU time (user and system, the median of three runs) and peak memory of `bench/scaling.py`'s "
            "workloads: `history` listing N steps in a pipe, and `--check --safe` of N doors each given to "
            "a macro with a receiver parameter. Linear: 4× the input takes at most 5× the time."
        )
        emit("")
        emit("| workload | small | large | time ratio |")
        emit("| --- | --- | --- | ---: |")
        for workload, ((n1, t1, k1), (n2, t2, k2)) in scaling.items():
            emit(
                f"| {workload} | {n1:,}: {t1:.2f} s, {k1 / 1024:.0f} MB | {n2:,}: {t2:.2f} s, {k2 / 1024:.0f} MB | "
                f"{t2 / max(t1, 0.01):.1f}× for {n2 // n1}× |"
            )
        emit("")

    # ------------------------------------------------------------------ streams
    if {"file", "stdin", "resume"} <= stream_runs.keys():
        emit("## streams: piped standard input and resume against a file")
        emit("")
        emit(
            "The same one-command statements (`move up`) from a file, on piped standard input "
            "(each line checked and run as it arrives; the lines already read are checked "
            "together), and replayed from a `--session` journal (resume). Times for 1,000,000; "
            "instructions (callgrind) for 100,000."
        )
        emit("")
        emit("| input | median time | ÷ file | instructions | per statement |")
        emit("| --- | ---: | ---: | ---: | ---: |")
        for name in ("file", "stdin", "resume"):
            n = stream_instructions.get(name)
            emit(
                f"| {name} | {ms(median(stream_runs[name]))} | "
                f"{median(stream_runs[name]) / median(stream_runs['file']):.2f} | "
                f"{f'{n:,}' if n else '—'} | {f'{n / 100_000:,.0f}' if n else '—'} |"
            )
        emit("")

    # ------------------------------------------------------------------ memory
    emit("## memory: peak resident set size")
    emit("")
    emit(
        "Peak RSS (GNU time's maximum resident set size) of the exec workload, minus the same "
        "program's base run, divided by the commands beyond it. cmdscript's base is the same "
        "workload with 12 commands (running it at all touches about 1 MB of code and tables "
        "that `-c ''` does not, at every size); the peers' is their empty run (`startup`, "
        "`floor_exec 0`). Every command stays recorded (for cmdscript as one undo step, then "
        "undone into the redo stack)."
    )
    emit("")
    emit("| program | commands | peak RSS | base run | bytes per command |")
    emit("| --- | ---: | ---: | ---: | ---: |")
    for (program, n), cost_per in sorted(per_command.items(), key=lambda kv: (kv[0][0] != "cmdscript", kv[0])):
        base = memory_base[program]
        emit(
            f"| {program} | {n:,} | {memory[(program, n)] / 1024:.1f} MB | "
            f"{memory[(program, base)] / 1024:.1f} MB{f' ({base} commands)' if base else ''} | {cost_per:.1f} |"
        )
    if ("cmdscript-check", 0) in memory:
        emit("")
        emit(
            f"cmdscript `--check` of the 10 MB script peaks at {memory[('cmdscript-check', 0)] / 1024:.1f} MB "
            f"({(memory[('cmdscript-check', 0)] - memory[('cmdscript', 0)]) * 1024 / script_bytes:.1f} bytes "
            "per byte of script above the empty run)."
        )
    emit("")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
