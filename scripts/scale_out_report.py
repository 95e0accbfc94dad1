#!/usr/bin/env python3
"""Leaves per second of leiserchess-mpi at 1, 2 and 3 ranks (perf-reports/scale-out.md).

Usage: scripts/scale_out_report.py [--build build-mpi] [--depth 6] [--rounds 3]

Runs, in each round and in an order rotated from round to round, the
single-process `leiserchess perft` and `leiserchess-mpi perft` under mpirun
at 1, 2 and 3 ranks (and 3 ranks at split depth 1), all 2016 pseudo perft
of the start position with --threads 1 per rank; prints each run and the
medians as Markdown, with each configuration's ratio to 1 rank both as a ratio
of medians and as the median of the per-round (paired) ratios. Every run must print the same count at the full depth.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys


def configs(build, depth):
    perft = ["perft", "--edition", "2016", "--pseudo", "--depth", str(depth), "--threads", "1"]
    mpirun = ["mpirun", "--oversubscribe", "--allow-run-as-root"]
    exe = os.path.join(build, "mpi", "leiserchess-mpi")
    return [
        ("single process", [os.path.join(build, "leiserchess")] + perft),
        ("1 rank", mpirun + ["-np", "1", exe] + perft),
        ("2 ranks", mpirun + ["-np", "2", exe] + perft),
        ("3 ranks", mpirun + ["-np", "3", exe] + perft),
        ("3 ranks, split depth 1", mpirun + ["-np", "3", exe] + perft + ["--split-depth", "1"]),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build-mpi")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    runs = configs(opts.build, opts.depth)
    rates = {name: [] for name, _ in runs}
    seconds = {name: [] for name, _ in runs}
    counts = set()
    log = []
    for round_index in range(opts.rounds):
        shift = round_index % len(runs)
        for name, command in runs[shift:] + runs[:shift]:
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            count = re.search(rf"^perft {opts.depth} (\d+)$", out, re.M).group(1)
            time_ms, rate = re.search(r"^time (\d+) ms \(depth \d+\), (\d+) leaves/s", out, re.M).groups()
            counts.add(count)
            rates[name].append(int(rate))
            seconds[name].append(int(time_ms) / 1000)
            log.append(f"| {round_index + 1} | {name} | {int(time_ms) / 1000:.1f} | {int(rate) / 1e9:.2f} |")
            print(log[-1], file=sys.stderr)
    if len(counts) != 1:
        sys.exit(f"the runs disagree: {sorted(counts)}")
    base = statistics.median(rates["1 rank"])
    print(f"2016 pseudo perft {opts.depth} of the start position: {counts.pop()} leaves, "
          f"{opts.rounds} rounds.\n")
    print("| configuration | median s | median leaves/s (10^9) | vs 1 rank (medians) | vs 1 rank (paired, median) |")
    print("|---|---|---|---|---|")
    for name, _ in runs:
        median = statistics.median(rates[name])
        # Within a round the configurations ran back to back, so the ratio
        # of a round's runs sees about the same background load.
        paired = statistics.median(r / b for r, b in zip(rates[name], rates["1 rank"]))
        print(f"| {name} | {statistics.median(seconds[name]):.1f} | {median / 1e9:.2f} | {median / base:.2f} "
              f"| {paired:.2f} |")
    print("\nEach run (in the order run):\n")
    print("| round | configuration | s | leaves/s (10^9) |")
    print("|---|---|---|---|")
    print("\n".join(log))
    print("\nCommands:\n")
    for name, command in runs:
        print(f"- {name}: `{' '.join(command)}`")


if __name__ == "__main__":
    main()
