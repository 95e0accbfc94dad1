#!/usr/bin/env python3
"""Builds a balanced opening book for SPRTs and matches: lines that a strong
player might play, whose positions a deeper search finds level.

Each line is played from the start position by the engine itself: at every
ply a MultiPV search to --pick-depth, and one of the moves scoring within
--spread centipawns of the best, chosen at random (seeded), so the lines are
plausible and varied. The position after --plies plies is then searched to
--verify-depth on one thread; the line is kept when that score is within
--max-score centipawns either way and no earlier line reached the same
position. Lines are written as move lists, the course book's form, after a
header of `#` lines that the arena skips: the command, the engine, and the
distribution of the verified scores.

The course's book (../shared/openings/book-2016.txt) was chosen by people, and
many of its pairs are decided by the opening: a game pair splits 1-1 when one
side is simply better after the book moves, and such pairs say nothing about
the engines. A balanced book makes more pairs count (issue 42).

usage: scripts/balanced_book.py --edition 2016 [--count 200] [--plies 8]
         [--pick-depth 5] [--spread 30] [--verify-depth 9] [--max-score 40]
         [--seed 1] [--max-seconds 30] [--engine build/leiserchess]
         [--out arena/books/balanced-2016.txt]
"""

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from engine_process import EngineProcess, fen_after  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def search(engine, moves, depth, max_ms, multipv=1):
    """[(score in cp or None for a mate, first move)] per MultiPV line, best first,
    of a search to `depth` stopped after `max_ms` (a rare position explodes)."""
    engine.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    engine.send("setoption name MultiPV value %d" % multipv)
    engine.send("go depth %d movetime %d" % (depth, max_ms))
    lines = {}
    for line in engine.read_until("bestmove"):
        words = line.split()
        if not words or words[0] != "info" or "score" not in words or " pv " not in line:
            continue
        if "lowerbound" in words or "upperbound" in words:
            continue
        k = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
        i = words.index("score")
        score = int(words[i + 2]) if words[i + 1] == "cp" else None
        lines[k] = (score, words[words.index("pv") + 1])
    return [lines[k] for k in sorted(lines)]


def play_line(engine, rng, args):
    """A line of args.plies moves picked among the near-best, or None when the
    game turns decisive (a mate score) on the way."""
    moves = []
    for _ in range(args.plies):
        options = search(engine, moves, args.pick_depth, 1000 * args.max_seconds, args.multipv)
        if not options or options[0][0] is None:
            return None
        best = options[0][0]
        near = [m for score, m in options if score is not None and score >= best - args.spread]
        moves.append(rng.choice(near))
    return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="2016", choices=["2016", "2018"])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--multipv", type=int, default=4)
    parser.add_argument("--pick-depth", type=int, default=5)
    parser.add_argument("--spread", type=int, default=30)
    parser.add_argument("--verify-depth", type=int, default=9)
    parser.add_argument("--max-score", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=int, default=30, help="of any one search")
    parser.add_argument("--max-tries", type=int, default=0, help="lines played at most (default 5 x count)")
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--out")
    args = parser.parse_args()
    out = args.out or os.path.join(ROOT, "arena", "books", "balanced-%s.txt" % args.edition)
    max_tries = args.max_tries or 5 * args.count

    engine = EngineProcess([args.engine])
    engine.set_options([("edition", args.edition), ("threads", 1), ("hash", 64)])
    engine.send("isready")
    engine.read_until("readyok")
    rng = random.Random(args.seed)
    kept, seen, scores = [], set(), []
    tries = rejected_score = rejected_same = decisive = 0
    started = time.time()
    # Ctrl-C ends the run early: the lines kept so far are written.
    stopped = False
    try:
        while len(kept) < args.count and tries < max_tries:
            tries += 1
            engine.send("ucinewgame")
            moves = play_line(engine, rng, args)
            if moves is None:
                decisive += 1
                continue
            fen = fen_after(engine, moves)
            if fen in seen:
                rejected_same += 1
                continue
            seen.add(fen)
            engine.send("setoption name MultiPV value 1")
            verified = search(engine, moves, args.verify_depth, 1000 * args.max_seconds)
            score = verified[0][0] if verified else None
            if score is None or abs(score) > args.max_score:
                rejected_score += 1
                continue
            kept.append(moves)
            scores.append(score)
            print("balanced_book: %d/%d kept (%d tried), %+d cp: %s" % (
                len(kept), args.count, tries, score, " ".join(moves)), file=sys.stderr)
    except KeyboardInterrupt:
        stopped = True
    try:
        engine.close()
    except Exception:
        pass
    if not kept:
        sys.exit("balanced_book: no line was kept")

    version = os.popen("%s --version" % args.engine).read().strip()
    header = [
        "# Balanced openings, edition %s: %d lines of %d plies." % (args.edition, len(kept), args.plies),
        "# Made by: scripts/balanced_book.py %s" % " ".join(sys.argv[1:]),
        "# Engine: %s; %s" % (version, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())),
        "# Each ply: one of the moves within %d cp of the best of a %d-line search to depth %d;"
        % (args.spread, args.multipv, args.pick_depth),
        "# kept when a one-thread search to depth %d scores within %d cp of level." % (
            args.verify_depth, args.max_score),
        "# Verified scores (side to move): median %+d, mean |score| %.1f, range %+d..%+d." % (
            statistics.median(scores), statistics.mean(abs(s) for s in scores), min(scores), max(scores)),
        "# Lines tried %d: %d kept, %d off balance, %d decisive on the way, %d repeated a position%s." % (
            tries, len(kept), rejected_score, decisive, rejected_same,
            "; stopped by hand" if stopped else ""),
    ]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(header) + "\n")
        for moves in kept:
            f.write(" ".join(moves) + "\n")
    print("balanced_book: wrote %s (%d lines, %.0f s)" % (out, len(kept), time.time() - started),
          file=sys.stderr)


if __name__ == "__main__":
    main()
