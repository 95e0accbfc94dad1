#!/usr/bin/env python3
"""Leaves per second of leiserchess-mpi at 1, 2 and 3 ranks (perf-reports/scale-out.md).

Usage: scripts/scale_out_report.py [--build build-mpi] [--depth 6] [--rounds 3]
           [--ranks 1,2,3] [--threads 1] [--no-split-variant] [--mpirun-args "..."]

Runs, in each round and in an order rotated from round to round, the
single-process `leiserchess perft` (once per count of --threads) and
`leiserchess-mpi perft` under mpirun at each count of --ranks (and, unless
--no-split-variant, 3 ranks at split depth 1), all 2016 pseudo perft of the
start position with --threads 1 per rank; prints each run and the medians as
Markdown, with each configuration's ratio to the base (the fewest ranks) both
as a ratio of medians and as the median of the per-round (paired) ratios, and
the efficiency: that paired ratio over the ratio of workers (counting ranks:
rank 0 only hands out tasks once there are two ranks or more; single-process
threads are compared with the single process at 1 thread). Every run must
print the same count at the full depth.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys


def counting_ranks(ranks):
    """Rank 0 counts only when it is alone; with more ranks it hands out tasks."""
    return 1 if ranks == 1 else ranks - 1


def rank_label(ranks):
    if ranks <= 2:
        return f"{ranks} rank{'s' if ranks > 1 else ''}"
    return f"{ranks} ranks ({counting_ranks(ranks)} counting)"


def configs(build, depth, ranks, threads, split_variant, mpirun_args):
    """(name, command, kind, workers): kind "process" or "mpi"."""
    def perft(thread_count):
        return ["perft", "--edition", "2016", "--pseudo", "--depth", str(depth), "--threads", str(thread_count)]
    mpirun = ["mpirun", "--oversubscribe", "--allow-run-as-root"] + mpirun_args
    exe = os.path.join(build, "mpi", "leiserchess-mpi")
    runs = []
    for t in threads:
        name = "single process" if threads == [1] else f"single process, {t} thread{'s' if t > 1 else ''}"
        runs.append((name, [os.path.join(build, "leiserchess")] + perft(t), "process", t))
    for r in ranks:
        runs.append((rank_label(r), mpirun + ["-np", str(r), exe] + perft(1), "mpi", counting_ranks(r)))
    if split_variant:
        runs.append(("3 ranks, split depth 1", mpirun + ["-np", "3", exe] + perft(1) + ["--split-depth", "1"],
                     "mpi", 2))
    return runs


def number_list(text):
    return [int(x) for x in text.split(",") if x]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build-mpi")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ranks", type=number_list, default=[1, 2, 3], help="mpirun -np counts, e.g. 1,2,3")
    parser.add_argument("--threads", type=number_list, default=[1],
                        help="thread counts of the single-process perft, e.g. 1,2,4")
    parser.add_argument("--no-split-variant", action="store_true",
                        help="leave out the run of 3 ranks at split depth 1")
    parser.add_argument("--mpirun-args", default="", help="more mpirun arguments, e.g. '--bind-to none'")
    opts = parser.parse_args()
    runs = configs(opts.build, opts.depth, opts.ranks, opts.threads, not opts.no_split_variant,
                   opts.mpirun_args.split())
    rates = {name: [] for name, *_ in runs}
    seconds = {name: [] for name, *_ in runs}
    counts = set()
    log = []
    for round_index in range(opts.rounds):
        shift = round_index % len(runs)
        for name, command, *_ in runs[shift:] + runs[:shift]:
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
            out = result.stdout
            count = re.search(rf"^perft {opts.depth} (\d+)$", out, re.M).group(1)
            time_ms, rate = re.search(r"^time (\d+) ms \(depth \d+\), (\d+) leaves/s", out, re.M).groups()
            counts.add(count)
            rates[name].append(int(rate))
            seconds[name].append(int(time_ms) / 1000)
            log.append(f"| {round_index + 1} | {name} | {int(time_ms) / 1000:.1f} | {int(rate) / 1e9:.2f} |")
            print(log[-1], file=sys.stderr)
    if len(counts) != 1:
        sys.exit(f"the runs disagree: {sorted(counts)}")
    base_name = rank_label(min(opts.ranks)) if opts.ranks else runs[0][0]
    base_workers = counting_ranks(min(opts.ranks)) if opts.ranks else 1
    process_base = runs[0][0] if runs[0][2] == "process" and runs[0][3] == 1 else None
    base = statistics.median(rates[base_name])

    def paired(name, reference):
        # Within a round the configurations ran back to back, so the ratio
        # of a round's runs sees about the same background load.
        return statistics.median(r / b for r, b in zip(rates[name], rates[reference]))

    print(f"2016 pseudo perft {opts.depth} of the start position: {counts.pop()} leaves, "
          f"{opts.rounds} round{'s' if opts.rounds > 1 else ''}.\n")
    print(f"| configuration | median s | median leaves/s (10^9) | vs {base_name} (medians) "
          f"| vs {base_name} (paired, median) | efficiency |")
    print("|---|---|---|---|---|---|")
    for name, _, kind, workers in runs:
        median = statistics.median(rates[name])
        vs_base = paired(name, base_name)
        if kind == "mpi":
            efficiency = f"{vs_base / (workers / base_workers):.0%}"
        elif process_base:
            efficiency = f"{paired(name, process_base) / workers:.0%} (of 1 thread)"
        else:
            efficiency = ""
        print(f"| {name} | {statistics.median(seconds[name]):.1f} | {median / 1e9:.2f} | {median / base:.2f} "
              f"| {vs_base:.2f} | {efficiency} |")
    print("\nEach run (in the order run):\n")
    print("| round | configuration | s | leaves/s (10^9) |")
    print("|---|---|---|---|")
    print("\n".join(log))
    print("\nCommands:\n")
    for name, command, *_ in runs:
        print(f"- {name}: `{' '.join(command)}`")


if __name__ == "__main__":
    main()
