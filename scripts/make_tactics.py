#!/usr/bin/env python3
"""Builds a tactics suite for `leiserchess solve` from self-play games: in
each game that ended with a King zap, every position of its last --window
plies where the winner was to move is screened by a search to
--screen-depth (at most 2 s); where that finds a forced King zap within --max-moves moves
(the players may have missed it for many moves), the position is kept if a
proof search confirms it, with the proven number of moves as `dm`.

Proof: for up to --exact-moves moves (default 3), the exact search (option
exact_search: plain alpha-beta with zap extensions and quiescence, no TT, no
pruning, no reductions) to depth 2n - 1, which sees every line of the
attacker's n moves; its mate score is a proof and gives the shortest mate.
Longer mates: the normal search to depth 2n + 3 (at most 30 s); its mate scores are sound
(pruning and reductions only ever hide a mate: they never cut a defender's
move, and margins never return mate bounds), and the shortest mate it finds
is recorded. Positions are deduplicated; at most --per-length per length.

usage: scripts/make_tactics.py --edition 2016 --pgn FILE [--pgn FILE ...]
         [--engine build/leiserchess] [--per-length 15] [--max-moves 6]
         [--window 30] [--screen-depth 8] [--max-seconds S] [--from-log LOG]
         [--out tests/data/tactics-2016.txt]
"""

import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from engine_process import EngineProcess  # noqa: E402

KING_ZAP = re.compile(r"King zapped")


def read_games(path):
    """(start FEN, moves, result, reason) of each game in an arena PGN file."""
    games = []
    text = open(path).read()
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        body = re.sub(r"\[[^\]]*\]", "", block)
        body = re.sub(r"\{[^}]*\}", "", body)
        tokens = [t for t in body.split() if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        games.append((tags.get("FEN"), tokens, tags.get("Result"), tags.get("Reason", "")))
    return games


def fen_of(engine, start, moves):
    engine.send("position fen %s moves %s" % (start, " ".join(moves)) if moves else "position fen " + start)
    engine.send("display")
    for line in engine.read_until("edition "):
        if ", fen " in line:
            return line.split(", fen ", 1)[1].strip()
    raise RuntimeError("no FEN")


def mate_found(engine, fen, depth, movetime=None):
    """The side to move's mate distance in moves from a search to `depth`
    (stopped after `movetime` ms if given), or None."""
    engine.send("ucinewgame")
    engine.send("position fen " + fen)
    engine.send("go depth %d%s" % (depth, " movetime %d" % movetime if movetime else ""))
    mate = None
    for line in engine.read_until("bestmove"):
        words = line.split()
        if "score" in words:
            i = words.index("score")
            mate = int(words[i + 2]) if words[i + 1] == "mate" else None
    return mate if mate is not None and mate > 0 else None


def from_log(path, max_moves):
    """The positions a previous run kept, from its stderr lines."""
    kept = {n: [] for n in range(1, max_moves + 1)}
    for line in open(path):
        m = re.match(r"dm (\d+): (.+?) \((.+); (.+)\)$", line.strip())
        if m and int(m.group(1)) in kept:
            kept[int(m.group(1))].append((m.group(2), int(m.group(1)), m.group(3), m.group(4)))
    return kept, None, 0.0


def screen_games(args):
    """Screens the games' last plies and proves what the screen finds."""
    common = [("edition", args.edition), ("threads", "1"), ("hash", "64")]
    fens = EngineProcess([args.engine])
    fens.set_options(common)
    exact = EngineProcess([args.engine])
    exact.set_options(common + [("exact_search", "true")])
    normal = EngineProcess([args.engine])
    normal.set_options(common)

    seen = set()
    kept = {n: [] for n in range(1, args.max_moves + 1)}
    candidates = 0
    started = time.time()

    def out_of_time():
        return args.max_seconds and time.time() - started > args.max_seconds

    for path in args.pgn:
        if out_of_time():
            break
        for number, (start, moves, result, reason) in enumerate(read_games(path)):
            if out_of_time():
                print("make_tactics: --max-seconds reached, writing what was found", file=sys.stderr)
                break
            if not start or result not in ("1-0", "0-1") or not KING_ZAP.search(reason):
                continue
            for k in range(1, args.window + 1, 2):
                if k > len(moves):
                    break
                fen = fen_of(fens, start, moves[:len(moves) - k])
                if fen in seen:
                    continue
                seen.add(fen)
                candidates += 1
                found = mate_found(normal, fen, args.screen_depth, movetime=2000)
                if found is None or found > args.max_moves or len(kept[found]) >= args.per_length:
                    continue
                if found <= args.exact_moves:
                    proven = mate_found(exact, fen, 2 * found - 1)
                    how = "exact search, depth %d" % (2 * found - 1)
                else:
                    proven = mate_found(normal, fen, 2 * found + 3, movetime=30000)
                    how = "search, depth %d" % (2 * found + 3)
                if proven is None or proven > args.max_moves or len(kept[proven]) >= args.per_length:
                    continue
                source = "%s game %d, %d plies before the end" % (os.path.basename(path), number + 1, k)
                kept[proven].append((fen, proven, source, how))
                print("dm %d: %s (%s; %s)" % (proven, fen, source, how), file=sys.stderr)
            if all(len(v) >= args.per_length for v in kept.values()):
                break
    for engine in (fens, exact, normal):
        engine.close()

    return kept, candidates, time.time() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", required=True, choices=["2016", "2018"])
    parser.add_argument("--pgn", action="append", required=True)
    parser.add_argument("--engine", default="build/leiserchess")
    parser.add_argument("--per-length", type=int, default=15)
    parser.add_argument("--max-moves", type=int, default=6)
    parser.add_argument("--exact-moves", type=int, default=3)
    parser.add_argument("--window", type=int, default=30)
    parser.add_argument("--screen-depth", type=int, default=8)
    parser.add_argument("--max-seconds", type=float, default=0,
                        help="stop screening after this many seconds and write what was found")
    parser.add_argument("--from-log", help="write the suite from the 'dm n: FEN (source; how)' lines a "
                        "previous run printed on stderr, without searching again")
    parser.add_argument("--out")
    args = parser.parse_args()
    out = args.out or "tests/data/tactics-%s.txt" % args.edition

    if args.from_log:
        kept, candidates, seconds = from_log(args.from_log, args.max_moves)
    else:
        kept, candidates, seconds = screen_games(args)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("# Tactics suite, edition %s: the side to move forces a King zap in at most dm moves.\n"
                "# Made by scripts/make_tactics.py --edition %s from self-play games (%s);\n"
                "# %s candidate positions, %.0f s. Each line's id says where it came from and how it was proven.\n"
                % (args.edition, args.edition, ", ".join(os.path.basename(p) for p in args.pgn),
                   "?" if candidates is None else candidates, seconds))
        if args.from_log:
            f.write("# Written with --from-log from the stderr of the run that screened and proved them.\n")
        index = 0
        for n in sorted(kept):
            for fen, proven, source, how in kept[n]:
                index += 1
                f.write("%s; dm %d; edition %s; id t%s-%03d %s (%s)\n" % (
                    fen, proven, args.edition, args.edition, index, source, how))
    print("wrote %s: %s" % (out, ", ".join("dm%d %d" % (n, len(v)) for n, v in kept.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
