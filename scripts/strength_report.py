#!/usr/bin/env python3
"""Regenerates perf-reports/strength.md: how strong the engine is, by games.

Sections (each can be skipped):
  reference  matches against the MIT 2016 course reference engine, edition
             2016, one thread each, the course's 100 openings with colours
             reversed: --games-short games at 10+0.1 and --games-long at
             --tc-long (60+0.6); against the 2016 rank-1 student engine with
             --rank1, --games-rank1 at 10+0.1 and --games-rank1-long at --tc-long
  tactics    tests/data/tactics-*.txt solved at 100 ms and 1 s per problem
  threads    2 threads against 1 at 10+0.1 (2016, course openings)
  changes    every SPRT of perf-reports/sprt-log.tsv, newest first

Every match it plays is appended to perf-reports/strength-matches.tsv (commit,
bench signature, command, result). The report's match tables show every logged
match of an engine with the current 2016 bench signature (the matches are played
under the 2016 rules: the same search, so the same games at the same speed), so
sections can be played at different times, or with --games-* 0 only reported;
rows of other signatures stay in the log.

The outside engines are measuring instruments built outside the project
(docs/strength.md says which and how they are run); pass their paths.

usage: scripts/strength_report.py [--reference PATH] [--rank1 PATH]
         [--engine build/leiserchess] [--games-short 200] [--games-long 100]
         [--games-rank1 200] [--games-rank1-long 0] [--tc-long 60+0.6] [--threads-games 200] [--skip reference,tactics,threads]
         [--out perf-reports/strength.md]
"""

import argparse
import csv
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BOOK = os.path.normpath(os.path.join(ROOT, "..", "shared", "openings", "book-2016.txt"))
MATCH_LOG = os.path.join(ROOT, "perf-reports", "strength-matches.tsv")
MATCH_COLUMNS = ["date", "commit", "bench", "opponent", "tc", "games", "wdl", "score", "elo", "margin", "los",
                 "ptnml", "pair_elo", "pair_margin", "minutes", "command", "note"]


def bench_signature(engine):
    """`leiserchess bench 5 2016` and `2018` node counts: the search's signature."""
    sig = []
    for edition in ("2016", "2018"):
        out = subprocess.run([engine, "bench", "5", edition, "1", "bench"], capture_output=True, text=True).stdout
        sig.append(re.search(r"Nodes searched\s*:\s*(\d+)", out).group(1))
    return "/".join(sig)


def log_match(args, opponent, tc, result):
    new = not os.path.exists(MATCH_LOG)
    with open(MATCH_LOG, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=MATCH_COLUMNS, delimiter="\t")
        if new:
            writer.writeheader()
        row = dict(result, date=time.strftime("%Y-%m-%d %H:%M", time.gmtime()), commit=args.commit,
                   bench=args.bench, opponent=opponent, tc=tc, minutes="%.0f" % result["minutes"],
                   note=args.note)
        writer.writerow({k: row[k] for k in MATCH_COLUMNS})


def edition_2016_signature(signature):
    """The 2016 half of a bench signature ("2016/2018"): every match here is played under the
    2016 rules, so a change to the 2018 search alone leaves its games as they were."""
    return signature.split("/")[0]


def logged_matches(args, opponents):
    """Every logged match of this search (same 2016 bench signature) against these opponents."""
    if not os.path.exists(MATCH_LOG):
        return []
    ours = edition_2016_signature(args.bench)
    rows = [r for r in csv.DictReader(open(MATCH_LOG), delimiter="\t")
            if edition_2016_signature(r["bench"]) == ours and r["opponent"] in opponents]
    for r in rows:
        r["games"] = int(r["games"])
    return rows


def arena(engine, specs, tc, games, concurrency, pgn):
    cmd = [engine, "arena"] + sum((["--engine", s] for s in specs), []) + [
        "--edition", "2016", "--tc", tc, "--openings", BOOK, "--games", str(games),
        "--concurrency", str(concurrency), "--pgn", pgn]
    started = time.time()
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("strength_report: arena failed: %s\n%s" % (" ".join(cmd), done.stderr[-2000:]))
    out = done.stdout
    pair = re.search(r"  (\S+) vs (\S+): W (\d+) D (\d+) L (\d+)  score ([\d.]+)%  Elo (\S+) \+/- (\S+) "
                     r"\(95% interval (\S+) \.\. (\S+)\)  LOS ([\d.]+)%", out)
    ptnml = re.search(r"pairs (\d+), Ptnml\(0-2\) ([\d ]+?)  Elo (\S+) \+/- (\S+)", out)
    return {"command": " ".join(cmd).replace(ROOT + "/", ""), "wdl": "%s-%s-%s" % pair.group(3, 4, 5),
            "games": sum(int(x) for x in pair.group(3, 4, 5)), "score": pair.group(6),
            "elo": pair.group(7), "margin": pair.group(8), "los": pair.group(11),
            "ptnml": ptnml.group(2) if ptnml else "-", "pair_elo": ptnml.group(3) if ptnml else "-",
            "pair_margin": ptnml.group(4) if ptnml else "-", "minutes": (time.time() - started) / 60}


def match_rows(rows):
    out = ["| opponent | time control | games | W-D-L | score | Elo (games) | Elo (pairs) | LOS | Ptnml(0-2) "
           "| commit, date |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append("| %s | %s | %d | %s | %s%% | %s ± %s | %s ± %s | %s%% | %s | %s, %s |" % (
            r["opponent"], r["tc"], r["games"], r["wdl"], r["score"], r["elo"], r["margin"], r["pair_elo"],
            r["pair_margin"], r["los"], r["ptnml"], r["commit"], r["date"]))
    out += ["", "Commands:", ""] + ["    " + r["command"] for r in rows] + [""]
    notes = ["- %s, %s %s (%s): %s" % (r["commit"], r["opponent"], r["tc"], r["date"], r["note"])
             for r in rows if r.get("note")]
    return out + (["Notes:", ""] + notes + [""] if notes else [])


def section_reference(args, tmp):
    ours = "name=ours,cmd=%s,option.threads=1" % args.engine
    rank1 = "rank-1 (book and endgame table off)"
    plan = [("reference", args.reference, "10+0.1", args.games_short),
            ("reference", args.reference, args.tc_long, args.games_long),
            (rank1, args.rank1, "10+0.1", args.games_rank1),
            (rank1, args.rank1, args.tc_long, args.games_rank1_long)]
    for opponent, path, tc, games in plan:
        if path and games:
            name = "rank1" if opponent.startswith("rank-1") else "reference"
            log_match(args, opponent, tc, arena(args.engine, [ours, "name=%s,cmd=%s" % (name, path)], tc, games, args.concurrency,
                                                os.path.join(tmp, "%s-%s.pgn" % (name, tc))))
    out = ["## Against the course's engines (edition 2016, one thread each)", "",
           "The course's 100 openings, each played twice with colours reversed; Fischer clocks run by the arena; "
           "one or two games at once (see each command) on this machine's two cores. Targets (issue 42): at least +300 Elo against "
           "rank-1 and +550 against the reference at 10+0.1, and not weaker at 60+0.6 than at 10+0.1. Every match logged in "
           "perf-reports/strength-matches.tsv with this 2016 bench signature (%s) is shown." %
           edition_2016_signature(args.bench), ""]
    rows = logged_matches(args, {p[0] for p in plan})
    return out + (match_rows(rows) if rows else ["(no match of this search logged)", ""])


def section_tactics(args):
    out = ["## Tactics", "",
           "`leiserchess solve` on the suites in tests/data/ (scripts/make_tactics.py: positions from self-play "
           "where the side to move forces a King zap, each proven by a search); solved = the search ends with a "
           "mate score of at most the problem's length. One thread.", "",
           "| suite | problems | 100 ms | 1 s |", "|---|---|---|---|"]
    commands = []
    for suite in sorted(glob.glob(os.path.join(ROOT, "tests", "data", "tactics-*.txt"))):
        cells = []
        total = 0
        for ms in (100, 1000):
            cmd = [args.engine, "solve", suite, "--movetime", str(ms)]
            commands.append(" ".join(cmd).replace(ROOT + "/", ""))
            text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            m = re.search(r"Solved (\d+) of (\d+) .*by length:(.*)", text)
            total = int(m.group(2))
            cells.append("%s (%.0f%%; %s)" % (m.group(1), 100.0 * int(m.group(1)) / total, m.group(3).strip()))
        out.append("| %s | %d | %s | %s |" % (os.path.basename(suite), total, cells[0], cells[1]))
    return out + ["", "Commands:", ""] + ["    " + c for c in commands] + [""]


def section_threads(args, tmp):
    two = "name=two-threads,cmd=%s,option.threads=2" % args.engine
    one = "name=one-thread,cmd=%s,option.threads=1" % args.engine
    if args.threads_games:
        log_match(args, "one thread (ours)", "10+0.1",
                  arena(args.engine, [two, one], "10+0.1", args.threads_games, 1, os.path.join(tmp, "threads.pgn")))
    rows = logged_matches(args, {"one thread (ours)"})
    return ["## Two threads against one (10+0.1, 2016)", "",
            "One game at a time, so the two-thread engine has both cores while it thinks.", ""] + \
        (match_rows(rows) if rows else ["(no match of this search logged)", ""])


def section_changes():
    path = os.path.join(ROOT, "perf-reports", "sprt-log.tsv")
    out = ["## Search and evaluation changes, by SPRT (newest first)", "",
           "Each row is one stage of `scripts/sprt.py` (new against base, SPRT [elo0, elo1] on pairs of games, "
           "alpha = beta = 0.05): accepted changes were committed with this result in their message; rejected ones "
           "were not committed.", "",
           "| date | change | new vs base | edition | stage | games | W-D-L | Ptnml(0-2) | Elo | LLR | verdict |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    if not os.path.exists(path):
        return out + ["", "(no SPRT run yet)", ""]
    rows = list(csv.DictReader(open(path), delimiter="\t"))
    for r in reversed(rows):
        options = " ".join(x for x in (r["new_options"] and "new: " + r["new_options"],
                                       r["base_options"] and "base: " + r["base_options"]) if x)
        out.append("| %s | %s | %s vs %s%s | %s | %s %s | %s | %s | %s | %s ± %s | %s | %s |" % (
            r["date"], r["note"], r["new"], r["base"], " (%s)" % options if options else "", r["edition"],
            r["stage"], r["tc"], r["games"], r["wdl"], r["ptnml"], r["elo"], r["margin"], r["llr"], r["verdict"]))
    return out + [""]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference")
    parser.add_argument("--rank1")
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--games-short", type=int, default=200)
    parser.add_argument("--games-long", type=int, default=100)
    parser.add_argument("--games-rank1", type=int, default=200)
    parser.add_argument("--games-rank1-long", type=int, default=0)
    parser.add_argument("--tc-long", default="60+0.6", help="the long time control (issue 42: 60+0.6)")
    parser.add_argument("--threads-games", type=int, default=200)
    parser.add_argument("--note", default="", help="logged with each match played (e.g. the machine's load)")
    parser.add_argument("--concurrency", type=int, default=2,
                        help="games at once in the matches against the course's engines")
    parser.add_argument("--skip", default="")
    parser.add_argument("--out", default=os.path.join(ROOT, "perf-reports", "strength.md"))
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    if "reference" not in skip and not args.reference and (args.games_short or args.games_long):
        sys.exit("strength_report: --reference PATH is needed (or --skip reference, or --games-short 0 "
                 "--games-long 0 to report logged matches only)")
    args.engine = os.path.abspath(args.engine)
    args.bench = bench_signature(args.engine)

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    args.commit = commit
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    started = time.time()
    report = ["# Strength", "",
              "Generated by `scripts/strength_report.py%s` on %s, commit `%s`%s; engine `%s` (`%s`). Machine: %s."
              % ("" if not sys.argv[1:] else " " + " ".join(a.replace(ROOT + "/", "") for a in sys.argv[1:]),
                 time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), commit, " (with uncommitted changes)" if dirty
                 else "", os.path.relpath(args.engine, ROOT),
                 subprocess.run([args.engine, "--version"], capture_output=True, text=True).stdout.strip(),
                 "%d logical CPUs (%s)" % (os.cpu_count(), open("/proc/cpuinfo").read().split("model name")[1]
                                           .split(":")[1].split("\n")[0].strip())), ""]
    with tempfile.TemporaryDirectory() as tmp:
        if "reference" not in skip:
            report += section_reference(args, tmp)
        if "tactics" not in skip:
            report += section_tactics(args)
        if "threads" not in skip:
            report += section_threads(args, tmp)
    report += section_changes()
    report.append("Run time: %.0f min." % ((time.time() - started) / 60))
    with open(args.out, "w") as f:
        f.write("\n".join(report) + "\n")
    print("wrote %s" % args.out, file=sys.stderr)


if __name__ == "__main__":
    main()
