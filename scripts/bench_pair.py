#!/usr/bin/env python3
"""Time to depth of two option sets of the same engine, paired and interleaved.

Runs `leiserchess bench DEPTH EDITION THREADS POSITIONS OPTIONS...` for set A, then for set B,
ROUNDS times over, and prints a Markdown table: each set's median and mean time to depth
(the bench's own `Total time`, start-up left out), nodes, node rate and, for the hybrid search,
the nodes its fillers searched; then A over B paired round by round (median of the ratios,
and the ratio of the summed times). A parallel search's tree differs from run to run, so a
difference of a few percent needs ten rounds or more.

Example (the hybrid against YBWC at the depth games reach):
  scripts/bench_pair.py --depth 8 --edition 2016 --threads 2 --rounds 10 \\
      --both hash=64 --a SMP=hybrid --b SMP=ybwc
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FIELDS = {"time_ms": r"Total time \(ms\) : (\d+)", "nodes": r"Nodes searched  : (\d+)",
          "filler_nodes": r"Fillers         : (\d+)"}


def bench(exe, args, options):
    out = subprocess.run([exe, "bench"] + args + options, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("bench_pair: %s bench %s failed: %s" % (exe, " ".join(args + options),
                                                        out.stderr.strip().splitlines()[-1:]))
    figures = {}
    for name, pattern in FIELDS.items():
        m = re.search(pattern, out.stdout)
        figures[name] = int(m.group(1)) if m else 0
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--depth", default="8")
    parser.add_argument("--edition", default="2016")
    parser.add_argument("--threads", default="2")
    parser.add_argument("--positions", default="bench")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--a", nargs="*", default=[], metavar="NAME=VALUE", help="set A's options")
    parser.add_argument("--b", nargs="*", default=[], metavar="NAME=VALUE", help="set B's options")
    parser.add_argument("--both", nargs="*", default=[], metavar="NAME=VALUE", help="options of both sets")
    args = parser.parse_args()
    if args.rounds < 1:
        sys.exit("bench_pair: --rounds must be at least 1")
    if not os.access(args.exe, os.X_OK):
        sys.exit("bench_pair: %s is not built (bash scripts/bootstrap.sh)" % args.exe)
    positional = [args.depth, args.edition, args.threads, args.positions]
    runs = {"A": [], "B": []}
    for r in range(args.rounds):
        for name, options in (("A", args.a), ("B", args.b)):
            runs[name].append(bench(args.exe, positional, args.both + options))
        print("bench_pair: round %d/%d: A %d ms, B %d ms" % (
            r + 1, args.rounds, runs["A"][-1]["time_ms"], runs["B"][-1]["time_ms"]), file=sys.stderr)

    print("`scripts/bench_pair.py %s`\n" % " ".join(sys.argv[1:]))
    print("| set | options | time to depth, median (ms) | mean (ms) | nodes, mean | nodes/s | filler nodes |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, options in (("A", args.a), ("B", args.b)):
        rows = runs[name]
        times = [r["time_ms"] for r in rows]
        nodes = [r["nodes"] for r in rows]
        fillers = [r["filler_nodes"] for r in rows]
        rate = sum(nodes) / (sum(times) / 1000) if sum(times) else 0
        filler_share = "%.1f%%" % (100 * sum(fillers) / sum(nodes)) if sum(fillers) else "-"
        print("| %s | %s | %.0f | %.0f | %.0f | %.0f | %s |" % (
            name, " ".join(args.both + options) or "-", statistics.median(times), statistics.mean(times),
            statistics.mean(nodes), rate, filler_share))
    ratios = [a["time_ms"] / b["time_ms"] for a, b in zip(runs["A"], runs["B"]) if b["time_ms"]]
    total = sum(r["time_ms"] for r in runs["A"]) / max(1, sum(r["time_ms"] for r in runs["B"]))
    print("\nA over B, time to depth: median of %d paired ratios %.3f (from %.2f to %.2f); summed "
          "times %.3f." % (len(ratios), statistics.median(ratios), min(ratios), max(ratios), total))


if __name__ == "__main__":
    main()
