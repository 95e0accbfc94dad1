#!/usr/bin/env python3
"""A short protocol session with 2 search threads, for the `tsan` suite.

Usage: protocol_session.py LEISERCHESS

Drives the engine through its stdin/stdout protocol (../shared/PROTOCOL.md):
threads 2, fixed-depth searches in both editions, a search interrupted by
`stop` while it runs, a new game, a position with moves, then `quit`. Under
ThreadSanitizer (TSAN_OPTIONS set by tests/meson.build: halt_on_error=1,
exitcode=66) any report ends the engine with status 66 and fails the test.
"""
import queue
import subprocess
import sys
import threading
import time

TIMEOUT_S = 240


def main() -> int:
    engine = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    lines: "queue.Queue[str | None]" = queue.Queue()

    def reader() -> None:
        for line in engine.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=reader, daemon=True).start()
    deadline = time.monotonic() + TIMEOUT_S

    def send(command: str) -> None:
        print(f"> {command}", flush=True)
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    def expect(prefix: str) -> str:
        while True:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise SystemExit(f"timed out waiting for '{prefix}'")
            if line is None:
                raise SystemExit(f"engine exited (status {engine.wait()}) while waiting for '{prefix}'")
            print(f"< {line}", flush=True)
            if line.startswith(prefix):
                return line

    send("uci")
    expect("uciok")
    send("setoption name threads value 2")
    for edition, depth in (("2018", 5), ("2016", 6)):
        send(f"setoption name edition value {edition}")
        send("ucinewgame")
        send("position startpos")
        send(f"go depth {depth}")
        expect("bestmove")
    # A search stopped while the helpers are busy (mid-split).
    send("position startpos")
    send("go infinite")
    expect("info depth 4")
    time.sleep(1.0)
    send("stop")
    best = expect("bestmove").split()[1]
    # Searches from a played-out position, twice in a row (pooled workers,
    # shared TT and history reused), then quit during a running search.
    send(f"position startpos moves {best}")
    send("go depth 5")
    expect("bestmove")
    send("go depth 5")
    expect("bestmove")
    send("go infinite")
    expect("info depth 3")
    send("quit")
    try:
        status = engine.wait(timeout=max(1.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        engine.kill()
        raise SystemExit("engine did not exit after quit")
    print(f"engine exit status {status}")
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
