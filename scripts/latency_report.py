#!/usr/bin/env python3
"""Latencies of the engine protocol's answers, measured through pipes as a GUI
sees them: the figures the tests used to assert as wall-clock bounds (now hang
detectors, tests/support/hang_bound.h), reported instead of asserted.

  scripts/latency_report.py [--engine build/leiserchess] [--samples N]

Prints one Markdown table (median and maximum in milliseconds, over N samples
each, default 20) for:
  - `isready` while a search runs (1 and 2 threads);
  - `stop` to `bestmove` of an infinite search (1 and 2 threads);
  - `quit` during a search to the process's exit;
  - `ponderhit` to `bestmove` when the pondering search's clock has run out;
  - `stop` to the end of the protocol's `bench`;
  - `isready` after `setoption name Hash value 4096` and after `ucinewgame`
    with that table (where the machine has room for it).
Each sample is a fresh engine or a fresh search; the time is taken from the
write of the command to the arrival of the answer's line. The machine's load
goes straight into the figures: say what else ran when quoting them
(perf-reports/robustness.md, "Latency").
"""
import argparse
import os
import queue
import statistics
import subprocess
import sys
import threading
import time

HANG_S = 60.0  # any wait longer than this is a hang: the script stops


class Engine:
    """The engine behind two pipes; every output line kept with its arrival time."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return time.monotonic()

    def wait_for(self, prefix):
        """The arrival time of the next line that starts with `prefix`."""
        deadline = time.monotonic() + HANG_S
        while True:
            try:
                at, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                sys.exit(f"latency_report: no '{prefix}' within {HANG_S:.0f} s: a hang")
            if line is None:
                sys.exit(f"latency_report: the engine exited while waiting for '{prefix}'")
            if line.startswith(prefix):
                return at

    def sync(self):
        self.send("isready")
        self.wait_for("readyok")

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=HANG_S)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


def ms(seconds):
    return seconds * 1000.0


def isready_during_search(path, threads, samples):
    engine = Engine(path)
    engine.send(f"setoption name Threads value {threads}")
    engine.sync()
    engine.send("go infinite")
    engine.wait_for("info depth 3 ")
    out = []
    for _ in range(samples):
        sent = engine.send("isready")
        out.append(ms(engine.wait_for("readyok") - sent))
        time.sleep(0.02)
    engine.send("stop")
    engine.wait_for("bestmove")
    engine.close()
    return out


def stop_to_bestmove(path, threads, samples):
    engine = Engine(path)
    engine.send(f"setoption name Threads value {threads}")
    engine.sync()
    out = []
    for _ in range(samples):
        engine.send("go infinite")
        engine.wait_for("info depth 3 ")
        time.sleep(0.1)
        sent = engine.send("stop")
        out.append(ms(engine.wait_for("bestmove") - sent))
    engine.close()
    return out


def quit_during_search(path, samples):
    out = []
    for _ in range(samples):
        engine = Engine(path)
        engine.send("go infinite")
        engine.wait_for("info depth 3 ")
        sent = engine.send("quit")
        engine.proc.wait(timeout=HANG_S)
        out.append(ms(time.monotonic() - sent))
    return out


def ponderhit_after_the_clock(path, samples):
    engine = Engine(path)
    engine.send("setoption name Ponder value true")
    engine.sync()
    out = []
    for _ in range(samples):
        engine.send("go ponder movetime 100 depth 3")
        time.sleep(0.3)  # the depth is reached and the clock has run out
        sent = engine.send("ponderhit")
        out.append(ms(engine.wait_for("bestmove") - sent))
    engine.close()
    return out


def stop_ends_bench(path, samples):
    engine = Engine(path)
    engine.sync()
    out = []
    for _ in range(samples):
        engine.send("bench")
        time.sleep(0.3)
        sent = engine.send("stop")
        out.append(ms(engine.wait_for("info string bench stopped after ") - sent))
        engine.sync()
    engine.close()
    return out


def big_hash(path, samples):
    set_out, clear_out = [], []
    for _ in range(samples):
        engine = Engine(path)
        engine.sync()
        sent = engine.send("setoption name Hash value 4096")
        engine.send("isready")
        set_out.append(ms(engine.wait_for("readyok") - sent))
        engine.send("go depth 5")
        engine.wait_for("bestmove")
        sent = engine.send("ucinewgame")
        engine.send("isready")
        clear_out.append(ms(engine.wait_for("readyok") - sent))
        engine.close()
    return set_out, clear_out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="build/leiserchess")
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    if not os.access(args.engine, os.X_OK):
        sys.exit(f"latency_report: no executable at {args.engine} (build it first)")
    n = max(1, args.samples)
    rows = []
    for threads in (1, 2):
        rows.append((f"`isready` during a search, {threads} thread(s)",
                     isready_during_search(args.engine, threads, n)))
    for threads in (1, 2):
        rows.append((f"`stop` to `bestmove`, {threads} thread(s)",
                     stop_to_bestmove(args.engine, threads, n)))
    rows.append(("`quit` during a search to exit", quit_during_search(args.engine, max(1, n // 4))))
    rows.append(("`ponderhit` after the clock ran out to `bestmove`",
                 ponderhit_after_the_clock(args.engine, n)))
    rows.append(("`stop` to the end of `bench`", stop_ends_bench(args.engine, max(1, n // 4))))
    set_hash, clear_hash = big_hash(args.engine, max(1, n // 4))
    rows.append(("`setoption name Hash value 4096` to `readyok`", set_hash))
    rows.append(("`ucinewgame` with Hash 4096 to `readyok`", clear_hash))

    print(f"Engine: {args.engine}; {os.cpu_count()} CPUs; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    print()
    print("| answer | samples | median ms | max ms |")
    print("|---|---:|---:|---:|")
    for name, values in rows:
        print(f"| {name} | {len(values)} | {statistics.median(values):.2f} | {max(values):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
