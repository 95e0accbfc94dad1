#!/usr/bin/env python3
"""Where a parallel search's extra nodes are, iteration by iteration.

Searches every position of a set to a fixed depth through the engine's protocol
(`ucinewgame`, `position fen`, `go depth D`, the table cleared as `bench` clears
it), once with one thread and --runs times with --threads, and reads each
iteration's `info depth` line: its cumulative nodes and its first PV move. For
each iteration it prints the nodes that iteration added, summed and as the
geometric mean over positions of (N threads / one thread), and the same mean
split by whether the N-thread search's root move at this iteration and the one
before is the one-thread search's ("same move") or not ("other move").

One thread's tree is one draw among the trees that small changes give (a table
size, a thread's timing), so --control runs one-thread searches with other
options (for example Hash=32) through the same columns: what a divergence
costs a one-thread search, beside what it costs the parallel one.

usage: scripts/iteration_overhead.py [--engine build/leiserchess]
         [--positions bench/positions/game-2016.fen] [--edition 2016] [--depth 8]
         [--threads 2] [--runs 3] [--hash 64] [--option Name=value ...]
         [--control Hash=32 --control Hash=128 ...] [--min-nodes 2000]

Prints a markdown table; the command line it ran heads it.
"""

import argparse
import math
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
INFO = re.compile(r"info depth (\d+) seldepth \d+ score (?:cp|mate) -?\d+ nodes (\d+) .*? pv (\S+)")


def read_positions(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def search_all(engine, fens, edition, depth, threads, hash_mb, options):
    """Per position: {iteration: (cumulative nodes, first PV move)}."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    settings = {"edition": edition, "Eval": "classic", "Threads": str(threads), "Hash": str(hash_mb)}
    settings.update(options)
    for name, value in settings.items():
        send("setoption name %s value %s" % (name, value))
    results = []
    for fen in fens:
        send("ucinewgame")
        send("position fen " + fen)
        send("go depth %d" % depth)
        iterations = {}
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit("iteration_overhead: the engine exited during a search")
            if line.startswith("bestmove"):
                break
            if line.startswith("info string error"):
                sys.exit("iteration_overhead: " + line.strip())
            m = INFO.match(line)
            if m:
                iterations[int(m.group(1))] = (int(m.group(2)), m.group(3))
        if depth not in iterations:
            sys.exit("iteration_overhead: no depth-%d line for %s" % (depth, fen))
        results.append(iterations)
    send("quit")
    proc.wait()
    return results


def added(iterations, d):
    """Nodes iteration d added (a search that ended early reports every depth)."""
    before = iterations.get(d - 1, (0, None))[0]
    return iterations[d][0] - before


def geo(logs):
    return "%+.1f%% (%d)" % (100 * (math.exp(sum(logs) / len(logs)) - 1), len(logs)) if logs else "-"


def table(base, runs, depth, min_nodes):
    rows = ["| iteration | one thread's nodes | sum over one thread's | per position | same move | other move |",
            "|---:|---:|---:|---:|---:|---:|"]
    first = min(min(r) for r in base)
    for d in range(first + 1, depth + 1):
        ones = sum(added(p, d) for p in base)
        others = sum(sum(added(r[i], d) for i in range(len(base))) for r in runs) / len(runs)
        every, same, other = [], [], []
        for r in runs:
            for i, one in enumerate(base):
                if d not in one or d not in r[i] or added(one, d) < min_nodes:
                    continue
                x = math.log(max(added(r[i], d), 1) / added(one, d))
                every.append(x)
                alike = r[i][d][1] == one[d][1] and r[i].get(d - 1, (0, None))[1] == one.get(d - 1, (0, None))[1]
                (same if alike else other).append(x)
        rows.append("| %d | %d | %+.1f%% | %s | %s | %s |" % (
            d, ones, 100 * (others / ones - 1) if ones else 0, geo(every), geo(same), geo(other)))
    rows += ["", "Iterations %d-%d by whether the root move changed in them (from the iteration before):" % (
        max(first + 1, depth - 2), depth), "",
             "| one thread's move | N threads' move | nodes over one thread's, per position |", "|---|---|---:|"]
    kinds = {}
    for r in runs:
        for i, one in enumerate(base):
            for d in range(max(first + 1, depth - 2), depth + 1):
                if d not in one or d not in r[i] or d - 1 not in one or d - 1 not in r[i] or added(one, d) < min_nodes:
                    continue
                key = (one[d][1] != one[d - 1][1], r[i][d][1] != r[i][d - 1][1])
                kinds.setdefault(key, []).append(math.log(max(added(r[i], d), 1) / added(one, d)))
    for key in ((False, False), (False, True), (True, False), (True, True)):
        rows.append("| %s | %s | %s |" % ("changed" if key[0] else "kept", "changed" if key[1] else "kept",
                                          geo(kinds.get(key, []))))
    totals = [math.log(r[i][depth][0] / one[depth][0]) for r in runs for i, one in enumerate(base)
              if one[depth][0] >= 10 * min_nodes]
    changes = sum(sum(p[d][1] != p[d + 1][1] for d in range(first, depth) if d in p and d + 1 in p)
                  for r in runs for p in r) / len(runs)
    base_changes = sum(sum(p[d][1] != p[d + 1][1] for d in range(first, depth) if d in p and d + 1 in p)
                       for p in base)
    rows.append("")
    rows.append("Whole search, per position: %s; root-move changes between iterations per run: %.1f "
                "(one thread: %d)." % (geo(totals), changes, base_changes))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--positions", default=os.path.join(ROOT, "bench", "positions", "game-2016.fen"))
    parser.add_argument("--edition", default="2016")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--option", action="append", default=[], help="Name=value for every search")
    parser.add_argument("--control", action="append", default=[],
                        help="Name=value: a one-thread run with this option as well, shown as its own table")
    parser.add_argument("--min-nodes", type=int, default=2000,
                        help="iterations of fewer one-thread nodes are left out of the means")
    args = parser.parse_args()
    if args.depth < 2 or args.runs < 1 or args.threads < 1:
        sys.exit("iteration_overhead: --depth is at least 2, --runs and --threads at least 1")
    for spec in args.option + args.control:
        if "=" not in spec:
            sys.exit("iteration_overhead: options are Name=value, not %r" % spec)
    options = dict(spec.split("=", 1) for spec in args.option)
    fens = read_positions(args.positions)
    base = search_all(args.engine, fens, args.edition, args.depth, 1, args.hash, options)
    runs = [search_all(args.engine, fens, args.edition, args.depth, args.threads, args.hash, options)
            for _ in range(args.runs)]
    print("`scripts/iteration_overhead.py %s`" % " ".join(a.replace(ROOT + "/", "") for a in sys.argv[1:]))
    print()
    print("%d threads, %d runs, against one thread (%d positions, depth %d, edition %s):" % (
        args.threads, args.runs, len(fens), args.depth, args.edition))
    print()
    print("\n".join(table(base, runs, args.depth, args.min_nodes)))
    for spec in args.control:
        name, value = spec.split("=", 1)
        control = search_all(args.engine, fens, args.edition, args.depth, 1, args.hash, {**options, name: value})
        print()
        print("One thread with %s, against one thread:" % spec)
        print()
        print("\n".join(table(base, [control], args.depth, args.min_nodes)))


if __name__ == "__main__":
    main()
