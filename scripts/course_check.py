#!/usr/bin/env python3
"""Checks `setoption name search value course` against the MIT 6.172 Fall 2016
reference engine at fixed depth: same best move and score, and how many moves
each made, on positions from the course's openings played on by our engine.

Two comparisons:
  pure: both searches without TT, forward pruning and LMR (the reference with
        use_tt 0, fut_depth 0, use_nmm 0, lmr_r1/lmr_r2 128). What is left is
        alpha-beta with the zap extension and quiescence, whose value does not
        depend on move order: the scores must be equal.
  full: both with their default course rules. Move order now changes what
        LMR, futility and the TT prune, so scores may differ where the two
        engines order moves differently (the reference shuffles its root
        moves with its own random generator and stores one TT entry per slot).

The reference is a measuring instrument built outside the project (see
docs/strength.md); it must print its node count at the end of a search as
`info string final nodes N` for the node columns, else they read n/a.

usage: scripts/course_check.py --reference PATH [--engine build/leiserchess]
       [--depth 5] [--plies 10,24,40] [--limit N] [--out perf-reports/course-check.md]
"""

import argparse
import concurrent.futures
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from engine_process import EngineProcess, fen_after  # noqa: E402

PURE_REFERENCE = [("use_tt", 0), ("fut_depth", 0), ("use_nmm", 0), ("lmr_r1", 128), ("lmr_r2", 128)]
PURE_OURS = ["use_tt=0", "fut_depth=0", "static_margin_1=0", "static_margin_2=0", "lmr_r1=1000", "lmr_r2=1000"]


def kings_on_board(fen):
    """How many Kings the FEN's board holds."""
    pieces = []
    for rank in fen.split()[0].split("/"):
        i = 0
        while i < len(rank):
            if rank[i].isdigit():
                i += 1
            else:
                pieces.append(rank[i:i + 2])
                i += 2
    return sum(1 for p in pieces if p.upper() in ("NN", "EE", "SS", "WW"))


def make_positions(engine_path, openings, plies, limit, depth=4):
    """FENs after each opening line continued by our engine (default search,
    fixed depth, deterministic) to each of `plies`."""
    engine = EngineProcess([engine_path])
    engine.set_options([("edition", "2016"), ("threads", "1")])
    fens = []
    for line in openings:
        moves = line.split()
        for target in sorted(plies):
            fen = fen_after(engine, moves)
            while len(moves) < target and kings_on_board(fen) == 2:
                engine.send("go depth %d" % depth)
                moves.append(engine.read_until("bestmove")[-1].split()[1])
                fen = fen_after(engine, moves)
            if kings_on_board(fen) < 2:
                break  # the game ended before this ply
            fens.append(fen)
        if limit and len(fens) >= limit:
            break
    engine.close()
    return fens[:limit] if limit else fens


def run_reference(path, fen, depth, options):
    engine = EngineProcess([path], cwd=os.path.dirname(os.path.abspath(path)))
    engine.set_options(options)
    engine.send("position fen " + fen)
    engine.send("go depth %d" % depth)
    lines = engine.read_until("bestmove")
    engine.close()
    score = None
    nodes = None
    for line in lines:
        words = line.split()
        if line.startswith("info score cp"):
            score = int(words[3])
        if line.startswith("info string final nodes"):
            nodes = int(words[4])
    return {"move": lines[-1].split()[1], "score": score, "nodes": nodes}


def run_ours(path, fens, depth, options):
    with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
        f.write("\n".join(fens) + "\n")
        name = f.name
    try:
        done = subprocess.run([path, "bench", str(depth), "2016", "1", name, "search=course"] + options,
                              capture_output=True, text=True, check=True)
    finally:
        os.unlink(name)
    results = []
    for line in done.stderr.splitlines():
        if not line.startswith("position "):
            continue
        words = line.split()
        fields = dict(zip(words[2::2], words[3::2]))
        results.append({"move": fields["bestmove"], "score": int(fields["score"]),
                        "moves_made": int(fields["moves_made"])})
    return results


def same_score(ours, ref):
    """Equal scores; a mate is counted one ply later by the reference (its
    King zap at ply p scores 32000 - p, ours 32000 - p - 1)."""
    if ref is None:
        return False
    if abs(ref) >= 31000:
        return ours == ref - (1 if ref > 0 else -1)
    return ours == ref


def our_score_of_move(path, fen, move, depth, options):
    """Our score of the root move `move`: minus our search of the position
    after it, one ply shallower (the root does not extend), Ko history kept."""
    engine = EngineProcess([path])
    engine.set_options([("edition", "2016"), ("threads", "1"), ("search", "course")] +
                       [tuple(o.split("=", 1)) for o in options])
    engine.send("position fen %s moves %s" % (fen, move))
    engine.send("go depth %d" % (depth - 1))
    lines = engine.read_until("bestmove")
    engine.close()
    score = None
    for line in lines:
        words = line.split()
        if "score" in words:
            i = words.index("score")
            value = int(words[i + 2])
            score = -value if words[i + 1] == "cp" else -(32000 - (2 * value - 1 if value > 0 else -2 * value))
    return score


def compare(args, fens, mode):
    ref_options = PURE_REFERENCE if mode == "pure" else []
    our_options = PURE_OURS if mode == "pure" else []
    half = (len(fens) + 1) // 2
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        ours_parts = [pool.submit(run_ours, args.engine, part, args.depth, our_options)
                      for part in (fens[:half], fens[half:]) if part]
        ours = [r for part in ours_parts for r in part.result()]
        refs = list(pool.map(lambda fen: run_reference(args.reference, fen, args.depth, ref_options), fens))
    rows = []
    for fen, o, r in zip(fens, ours, refs):
        row = {"fen": fen, "ours": o, "ref": r, "tie": None}
        # A different best move with the same score: is the reference's move
        # worth as much in our search (a tie broken by root order)?
        if o["move"] != r["move"] and same_score(o["score"], r["score"]) and args.depth > 1:
            theirs = our_score_of_move(args.engine, fen, r["move"], args.depth, our_options)
            row["tie"] = theirs == o["score"]
        rows.append(row)
    return rows


def summarise(rows, mode):
    n = len(rows)
    scores = sum(1 for r in rows if same_score(r["ours"]["score"], r["ref"]["score"]))
    same_move = sum(1 for r in rows if r["ours"]["move"] == r["ref"]["move"])
    both = sum(1 for r in rows if same_score(r["ours"]["score"], r["ref"]["score"]) and
               r["ours"]["move"] == r["ref"]["move"])
    ties = sum(1 for r in rows if r["tie"])
    not_ties = sum(1 for r in rows if r["tie"] is False)
    ratios = [r["ours"]["moves_made"] / r["ref"]["nodes"] for r in rows if r["ref"]["nodes"]]
    out = ["### %s" % mode, "",
           "| positions | same score | same best move | both | other move, same score: a tie in our search "
           "(not) | moves made, ours / reference (median, range) |",
           "|---|---|---|---|---|---|",
           "| %d | %d (%.1f%%) | %d (%.1f%%) | %d (%.1f%%) | %d (%d) | %s |" % (
               n, scores, 100.0 * scores / n, same_move, 100.0 * same_move / n, both, 100.0 * both / n, ties,
               not_ties,
               "%.2f (%.2f-%.2f)" % (statistics.median(ratios), min(ratios), max(ratios)) if ratios else "n/a"),
           ""]
    differing = [r for r in rows if not same_score(r["ours"]["score"], r["ref"]["score"])]
    if differing:
        out += ["Positions whose scores differ (first 15):", "",
                "| FEN | ours | reference |", "|---|---|---|"]
        for r in differing[:15]:
            out.append("| `%s` | %s %d | %s %s |" % (r["fen"], r["ours"]["move"], r["ours"]["score"],
                                                  r["ref"]["move"], r["ref"]["score"]))
        out.append("")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", required=True)
    parser.add_argument("--engine", default="build/leiserchess")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--openings", default="../shared/openings/book-2016.txt")
    parser.add_argument("--plies", default="10,24,40")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--modes", default="pure,full")
    parser.add_argument("--out", default="perf-reports/course-check.md")
    args = parser.parse_args()

    with open(args.openings) as f:
        openings = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    plies = [int(p) for p in args.plies.split(",")]
    started = time.time()
    fens = make_positions(args.engine, openings, plies, args.limit)
    report = ["# Course search mode against the reference engine", "",
              "Generated by `scripts/course_check.py --reference %s --depth %d --plies %s%s` on %s; %d positions "
              "(the course's 100 openings played on by our engine at depth 4 to plies %s), edition 2016, one "
              "thread, fresh engines per position." % (
                  args.reference, args.depth, args.plies, " --limit %d" % args.limit if args.limit else "",
                  time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), len(fens), args.plies), ""]
    for mode in args.modes.split(","):
        rows = compare(args, fens, mode)
        report += summarise(rows, mode)
        print("\n".join(summarise(rows, mode)))
    report.append("Run time: %.0f s." % (time.time() - started))
    with open(args.out, "w") as f:
        f.write("\n".join(report) + "\n")


if __name__ == "__main__":
    main()
