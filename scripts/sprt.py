#!/usr/bin/env python3
"""Tests a search or evaluation change by games, as fishtest does: builds two
versions of the engine side by side, plays them against each other with an
SPRT on pairs of games (each opening twice, colours reversed; pentanomial
statistics) at a short time control, and, when the change passes, confirms it
at a longer one. Prints the lines a commit message carries:
`Elo: +x ± y (n games)` and `Bench: N`.

usage: scripts/sprt.py [--base REV] [--new REV|worktree] [--edition 2016]
         [--screen 5+0.05] [--confirm 10+0.1|none] [--elo0 0 --elo1 10]
         [--max-games 4000] [--concurrency 2] [--openings FILE]
         [--new-option name=value ...] [--base-option name=value ...]
         [--note "what the change is"] [--log DIR]

--base defaults to HEAD and --new to the working tree (built in ./build).
Options let one binary play both sides (e.g. --new-option null_move=1).
Each revision is built once into $SPRT_CACHE (default ~/.cache/leiserchess-sprt)
from a detached git worktree. Every finished stage is appended to
perf-reports/sprt-log.tsv (read by scripts/strength_report.py). Openings, when no file is
given: the edition's balanced book, arena/books/balanced-<edition>.txt
(scripts/balanced_book.py: engine-played lines that a deeper search finds level); without
it, the course's 100 for 2016, else 1,000 random balanced 8-ply openings of
`leiserchess openings` (seed 1). The book is cycled when the SPRT needs more games.
To stop a run by hand and keep its games, interrupt only its arena
(`pkill -INT -f 'arena --engine name=new'`): the stage is recorded as stopped.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
CACHE = os.environ.get("SPRT_CACHE", os.path.expanduser("~/.cache/leiserchess-sprt"))


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, text=True, **kwargs)


def build(rev):
    """The path of a leiserchess executable built from rev ('worktree': ./build)."""
    if rev == "worktree":
        # A copy, so that rebuilding ./build during the match changes nothing.
        run(["ninja", "-C", os.path.join(ROOT, "build"), "leiserchess"], stdout=subprocess.DEVNULL)
        os.makedirs(CACHE, exist_ok=True)
        snapshot = os.path.join(CACHE, "worktree-%d" % os.getpid())
        shutil.copy2(os.path.join(ROOT, "build", "leiserchess"), snapshot)
        label = run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True).stdout.strip()
        dirty = run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"], capture_output=True).stdout
        return snapshot, label + ("+changes" if dirty.strip() else "")
    sha = run(["git", "-C", ROOT, "rev-parse", rev], capture_output=True).stdout.strip()
    where = os.path.join(CACHE, sha[:12])
    binary = os.path.join(where, "build", "leiserchess")
    if os.path.exists(binary):
        return binary, sha[:12]
    src = os.path.join(where, "src")
    os.makedirs(where, exist_ok=True)
    if os.path.exists(src):
        shutil.rmtree(src)
        run(["git", "-C", ROOT, "worktree", "prune"])
    run(["git", "-C", ROOT, "worktree", "add", "--detach", src, sha], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        run(["meson", "setup", os.path.join(where, "build"), src, "--buildtype=release"],
            stdout=subprocess.DEVNULL)
        print("sprt: building %s" % sha[:12], file=sys.stderr)
        run(["ninja", "-C", os.path.join(where, "build"), "leiserchess"], stdout=subprocess.DEVNULL)
    finally:
        run(["git", "-C", ROOT, "worktree", "remove", "--force", src])
    return binary, sha[:12]


def bench_signature(binary, options):
    """`leiserchess bench 5 <edition>` node counts: the search's signature."""
    sig = {}
    for edition in ("2016", "2018"):
        out = run([binary, "bench", "5", edition, "1", "bench"] + options, capture_output=True).stdout
        sig[edition] = int(re.search(r"Nodes searched\s*:\s*(\d+)", out).group(1))
    return sig


def openings_file(binary, edition, given, log_dir):
    if given:
        return given
    balanced = os.path.join(ROOT, "arena", "books", "balanced-%s.txt" % edition)
    if os.path.exists(balanced):
        return balanced
    if edition == "2016":
        return os.path.normpath(os.path.join(ROOT, "..", "shared", "openings", "book-2016.txt"))
    path = os.path.join(log_dir, "openings-%s.txt" % edition)
    with open(path, "w") as f:
        run([binary, "openings", "--edition", edition, "--plies", "8", "--count", "1000", "--seed", "1"], stdout=f)
    return path


def engine_spec(name, binary, options):
    spec = "name=%s,cmd=%s,option.threads=1" % (name, binary)
    for option in options:
        key, value = option.split("=", 1)
        spec += ",option.%s=%s" % (key, value)
    return spec


def match(args, new, base, tc, log_dir, stage):
    pgn = os.path.join(log_dir, "%s.pgn" % stage)
    log = os.path.join(log_dir, "%s.log" % stage)
    cmd = [new[0], "arena", "--engine", engine_spec("new", new[0], args.new_option),
           "--engine", engine_spec("base", base[0], args.base_option),
           "--edition", args.edition, "--tc", tc, "--openings", args.openings_path,
           "--games", str(args.max_games), "--concurrency", str(args.concurrency),
           "--sprt", "elo0=%g,elo1=%g,alpha=0.05,beta=0.05" % (args.elo0, args.elo1), "--pgn", pgn]
    print("sprt: %s at %s: %s" % (stage, tc, " ".join(cmd)), file=sys.stderr)
    started = time.time()
    with open(log, "w") as f:
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=f, text=True)
    summary = done.stdout
    with open(log, "a") as f:
        f.write(summary)
    # Ctrl-C (SIGINT to the arena) stops a match by hand: the arena prints its
    # summary of the finished games, which is recorded as stopped.
    interrupted = "Match interrupted" in summary
    if done.returncode != 0 and not interrupted:
        sys.exit("sprt: the arena failed (%s)" % log)
    ptnml = re.search(r"pairs (\d+), Ptnml\(0-2\) ([\d ]+?)  Elo ([+-][\d.inf]+) \+/- ([\d.inf]+)", summary)
    verdict = re.search(r"SPRT .*: (H1 accepted|H0 accepted|inconclusive)", summary).group(1)
    if interrupted and verdict == "inconclusive":
        verdict = "stopped by hand, inconclusive"
    games = int(re.search(r"Match: (\d+) of", summary).group(1))
    wdl = re.search(r"new vs base: W (\d+) D (\d+) L (\d+)", summary)
    llr = re.search(r"LLR (-?[\d.]+)", summary).group(1)
    result = {"stage": stage, "tc": tc, "verdict": verdict, "games": games, "llr": llr,
              "elo": ptnml.group(3) if ptnml else "?", "margin": ptnml.group(4) if ptnml else "?",
              "ptnml": ptnml.group(2) if ptnml else "?", "wdl": "%s-%s-%s" % wdl.groups() if wdl else "?",
              "minutes": (time.time() - started) / 60, "command": " ".join(cmd)}
    print("sprt: %(stage)s %(tc)s: %(verdict)s after %(games)d games, W-D-L %(wdl)s, Ptnml(0-2) %(ptnml)s, "
          "Elo %(elo)s +/- %(margin)s, LLR %(llr)s (%(minutes).0f min)" % result, file=sys.stderr)
    return result


LOG_COLUMNS = ["date", "new", "base", "new_options", "base_options", "edition", "stage", "tc", "games",
               "wdl", "ptnml", "elo", "margin", "llr", "verdict", "bench", "note"]


def record(args, new, base, results, sig):
    """Appends each stage's result to perf-reports/sprt-log.tsv."""
    path = os.path.join(ROOT, "perf-reports", "sprt-log.tsv")
    fresh = not os.path.exists(path)
    with open(path, "a") as f:
        if fresh:
            f.write("\t".join(LOG_COLUMNS) + "\n")
        for r in results:
            row = {"date": time.strftime("%Y-%m-%d %H:%M"), "new": new[1], "base": base[1],
                   "new_options": " ".join(args.new_option), "base_options": " ".join(args.base_option),
                   "edition": args.edition, "bench": "%d/%d" % (sig["2016"], sig["2018"]), "note": args.note}
            row.update({k: str(r[k]) for k in ("stage", "tc", "games", "wdl", "ptnml", "elo", "margin", "llr",
                                                "verdict")})
            f.write("\t".join(row[c].replace("\t", " ") for c in LOG_COLUMNS) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD")
    parser.add_argument("--new", default="worktree")
    parser.add_argument("--edition", default="2016", choices=["2016", "2018"])
    parser.add_argument("--screen", default="5+0.05")
    parser.add_argument("--confirm", default="10+0.1")
    parser.add_argument("--elo0", type=float, default=0)
    parser.add_argument("--elo1", type=float, default=10)
    parser.add_argument("--max-games", type=int, default=4000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--openings")
    parser.add_argument("--new-option", action="append", default=[])
    parser.add_argument("--base-option", action="append", default=[])
    parser.add_argument("--note", default="")
    parser.add_argument("--log", default=os.path.join(CACHE, "runs", time.strftime("%Y%m%d-%H%M%S")))
    args = parser.parse_args()

    os.makedirs(args.log, exist_ok=True)
    new = build(args.new)
    base = build(args.base)
    args.openings_path = openings_file(new[0], args.edition, args.openings, args.log)
    results = [match(args, new, base, args.screen, args.log, "screen")]
    if results[-1]["verdict"] == "H1 accepted" and args.confirm != "none":
        results.append(match(args, new, base, args.confirm, args.log, "confirm"))
    sig = bench_signature(new[0], args.new_option)
    record(args, new, base, results, sig)
    last = results[-1]
    print("\nnew %s%s against base %s%s, edition %s, SPRT [%g, %g] on pairs" % (
        new[1], " (" + " ".join(args.new_option) + ")" if args.new_option else "",
        base[1], " (" + " ".join(args.base_option) + ")" if args.base_option else "",
        args.edition, args.elo0, args.elo1))
    for r in results:
        print("  %(stage)s %(tc)s: %(verdict)s, %(games)d games, W-D-L %(wdl)s, Ptnml(0-2) %(ptnml)s, "
              "LLR %(llr)s" % r)
    print("Elo: %s ± %s (%d games at %s)" % (last["elo"], last["margin"], last["games"], last["tc"]))
    print("Bench: %d (2016), %d (2018)" % (sig["2016"], sig["2018"]))
    print("Logs and games: %s" % args.log)


if __name__ == "__main__":
    main()
