#!/usr/bin/env python3
"""Work that must grow linearly with its input, measured at two sizes (bench/compare).

  bench/scaling.py BIN OUT

Writes OUT/scaling-*.cmd and OUT/scaling.tsv (workload, size, CPU seconds, peak KB), each
the median of three runs of BIN, and prints each pair with its ratio. The rows:

- history: N statements (one step each), then `history` listing them in a pipe (a walk up
  the tree per step made it quadratic: 32,000 steps took 58 s);
- receiver macros: `--check --safe` of a script on standard input that makes N doors and
  calls a macro with a receiver parameter on each (each binding checked once; it was superlinear in N:
  1,000 doors 0.37 s, 4,000 doors 10.6 s);
- warnings: N lines on standard input, as a pipe gives them, a quarter of them a `redo` with
  nothing to redo, each warned of with its source line (every warning sorted all the
  sources held, one a chunk: 50,000 lines 0.99 G instructions, 200,000 lines 4.80 G).

At four times the input, a linear workload takes about four times as long (the goal: at
most 5x).
"""
import statistics
import subprocess
import sys

SIZES = {"history": (8_000, 32_000), "receiver-macros": (1_000, 4_000), "warnings": (50_000, 200_000)}


def history_script(n):
    cycle = ["move up", "move right", "paint red", "move left", "move down", "paint blue"]
    return "\n".join(cycle[i % len(cycle)] for i in range(n)) + "\nhistory\n"


def receiver_macro_script(n):
    lines = ["macro secure d { $d.close; $d.lock }"]
    for i in range(n):
        lines += [f"new door door{i}", f"secure door{i}"]
    return "\n".join(lines) + "\n"


def warning_stream(n):
    cycle = ["move up", "undo", "redo", "redo"]
    return "\n".join(cycle[i % len(cycle)] for i in range(n)) + "\n"


def measure(command, stdin=None):
    """Median CPU seconds (user and system: on a loaded machine the elapsed time says more
    about the others) and peak KB of three runs (GNU time)."""
    runs = []
    for _ in range(3):
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S %M"] + command,
            stdin=open(stdin) if stdin else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        if done.returncode != 0:
            sys.exit(f"bench/scaling.py: failed: {' '.join(command)}\n{done.stderr}")
        user, system, kb = done.stderr.strip().splitlines()[-1].split()
        runs.append((float(user) + float(system), int(kb)))
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main():
    binary, out = sys.argv[1], sys.argv[2]
    rows = []
    for workload, sizes in SIZES.items():
        for n in sizes:
            path = f"{out}/scaling-{workload}-{n}.cmd"
            write = {"history": history_script, "receiver-macros": receiver_macro_script, "warnings": warning_stream}[
                workload
            ]
            open(path, "w").write(write(n))
            if workload == "history":
                seconds, kb = measure([binary, path])
            elif workload == "warnings":
                seconds, kb = measure([binary], stdin=path)
            else:
                # On standard input, as a page or a pipe gives it: checked entry by entry.
                seconds, kb = measure([binary, "--check", "--safe", "-"], stdin=path)
            rows.append((workload, n, seconds, kb))
    with open(f"{out}/scaling.tsv", "w") as tsv:
        for row in rows:
            tsv.write("\t".join(map(str, row)) + "\n")
    for workload, (small, large) in SIZES.items():
        (s, skb), (l, lkb) = [(r[2], r[3]) for r in rows if r[0] == workload]
        print(
            f"{workload}\t{small:,}: {s:.2f} s, {skb / 1024:.0f} MB\t{large:,}: {l:.2f} s, {lkb / 1024:.0f} MB"
            f"\t{l / max(s, 0.01):.1f}x the time for {large // small}x the input"
        )


if __name__ == "__main__":
    main()
