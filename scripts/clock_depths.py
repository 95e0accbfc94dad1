#!/usr/bin/env python3
"""How deep the engine searches on a game's clock, configuration against configuration.

usage: scripts/clock_depths.py --exe build/leiserchess --positions FILE [--edition 2016]
           [--clock 8000+100] [--rounds 3] [--busy-loop]
           --config NAME:option=value,... --config NAME:... [...]

Each position of FILE (one FEN per line, '#' comments) gets `go wtime W btime W winc I
binc I` through the protocol, as a game's move would, on one engine process per
configuration and round (its TT kept from position to position, as in a game). A
configuration is a name and engine options (`threads=2,SMP=abdada`); `clock=W+I` gives it
its own clock (`1x2:threads=1,clock=16000+200` is one thread on twice the time). The
configurations take turns within each round, so a machine that drifts (a shared VM) moves
them alike. --busy-loop runs one `nice -n 19` busy loop beside the searches: other work
taking a core now and then, as on a shared machine.

Prints one Markdown table: per configuration the mean depth of the last info line, the
mean time of a move, nodes/s, and the depth over the first configuration's, the mean of
each round's difference with the range over rounds.
"""

import argparse
import statistics
import subprocess


def parse_config(text):
    name, _, rest = text.partition(":")
    options, clock = [], None
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        if key == "clock":
            base, _, inc = value.partition("+")
            clock = (int(base), int(inc))
        else:
            options.append((key, value))
    return name, options, clock


def run(exe, edition, options, clock, fens):
    """Mean depth, mean time (ms) and nodes/s of the last info line of each search."""
    engine = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    send(f"setoption name edition value {edition}")
    for key, value in options:
        send(f"setoption name {key} value {value}")
    send("isready")
    while engine.stdout.readline().strip() != "readyok":
        pass
    wtime, winc = clock
    depths, times, nodes = [], [], []
    for fen in fens:
        send(f"position fen {fen}")
        send(f"go wtime {wtime} btime {wtime} winc {winc} binc {winc}")
        last = None
        while True:
            words = engine.stdout.readline().split()
            if not words:
                raise SystemExit("the engine ended before its bestmove")
            if words[:2] == ["info", "depth"] and "nodes" in words and "pv" in words:
                last = words
            if words[0] == "bestmove":
                break
        if last is None:
            continue
        depths.append(int(last[last.index("depth") + 1]))
        times.append(int(last[last.index("time") + 1]))
        nodes.append(int(last[last.index("nodes") + 1]))
    send("quit")
    engine.wait()
    return statistics.mean(depths), statistics.mean(times), sum(nodes) * 1000 / max(1, sum(times))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", default="build/leiserchess")
    parser.add_argument("--positions", required=True)
    parser.add_argument("--edition", default="2016")
    parser.add_argument("--clock", default="8000+100", help="wtime+winc in ms for every side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--busy-loop", action="store_true")
    parser.add_argument("--config", action="append", required=True)
    args = parser.parse_args()
    base, _, inc = args.clock.partition("+")
    default_clock = (int(base), int(inc))
    configs = [parse_config(c) for c in args.config]
    with open(args.positions) as f:
        fens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    busy = None
    if args.busy_loop:
        busy = subprocess.Popen(["nice", "-n", "19", "sh", "-c", "while :; do :; done"])
    results = {name: [] for name, _, _ in configs}
    try:
        for _ in range(args.rounds):
            for name, options, clock in configs:
                results[name].append(run(args.exe, args.edition, options, clock or default_clock, fens))
    finally:
        if busy:
            busy.kill()
    first = configs[0][0]
    load = ", a niced busy loop beside" if args.busy_loop else ""
    print(f"{len(fens)} positions, clock {args.clock}, {args.rounds} rounds{load}\n")
    print("| configuration | mean depth | mean time (ms) | nodes/s | depth over " + first + " (range) |")
    print("|---|---:|---:|---:|---|")
    for name, _, _ in configs:
        runs = results[name]
        gains = [r[0] - b[0] for r, b in zip(runs, results[first])]
        gain = "-" if name == first else f"{statistics.mean(gains):+.2f} ({min(gains):+.2f} to {max(gains):+.2f})"
        print(f"| {name} | {statistics.mean(r[0] for r in runs):.2f} | "
              f"{statistics.mean(r[1] for r in runs):.0f} | {statistics.mean(r[2] for r in runs) / 1e6:.2f} M | {gain} |")


if __name__ == "__main__":
    main()
