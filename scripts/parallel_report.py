#!/usr/bin/env python3
"""Writes perf-reports/parallel.md: how the parallel search turns threads into
time to depth (not only nodes per second), its search overhead with more
threads than this machine has (oversubscribed), and what a second thread is
worth in games beside what doubling one thread's time is worth.

usage: scripts/parallel_report.py [--exe build/leiserchess] [--depth D] [--rounds 3]
         [--threads 1,2] [--oversubscribed 1,4,8,16] [--editions 2016,2018] [--sets game,deep]
         [--play GAMES [--tc 10+0.1] [--edition 2016]] [--out perf-reports/parallel.md]
       scripts/parallel_report.py --import MATCH SUMMARY TC CONCURRENCY MINUTES COMMAND
       scripts/parallel_report.py --games-only

Every table comes from `leiserchess bench --scaling` (search/scaling.h), printed
as the command prints it, with its command above it: for each edition, on the
positions from its games (bench/positions/game-E.fen, at the depth games reach)
and on the deep set (a few positions worth seconds each), and a summary of the
two-thread rows against issue 39's targets.
--play GAMES plays the two matches first and appends their results to
perf-reports/parallel-games.tsv: 2 threads against 1 at --tc, one game at a
time (the 2-thread engine has both cores), and one thread at twice --tc
against one thread at --tc, two games at a time (one core each); with
--matches direct, 2 threads at --tc against 1 thread at twice --tc, one game
at a time, which compares the two in one match (less noise than the
difference of two); the course's 100 openings, each twice with colours
reversed. The games table shows the newest row of each match from that file,
so the report can be regenerated without replaying hours of games.
"""

import argparse
import datetime
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from pair_elo import pair_elo  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
GAMES_TSV = os.path.join(ROOT, "perf-reports", "parallel-games.tsv")
# 2 threads at the time control against 1 thread at twice it: the target (at
# least 80% of doubling's Elo) read from one match.
DIRECT = "2 threads vs 1 thread at 2x time"
# The same match on a lent 16-core device, 8 games at once (scripts/device_parallel.sh): its
# own row, since that machine's ceiling is not this one's.
DIRECT_DEVICE = DIRECT + ", 16-core device"
# The engine's default table (search/tt.h, kDefaultHashMb): what games search with.
GAME_HASH_MB = 64
GAMES_COLUMNS = ["date", "commit", "match", "tc", "concurrency", "games", "wdl", "ptnml", "elo", "margin",
                 "minutes", "command"]
BOOK = os.path.join(ROOT, "..", "shared", "openings", "book-2016.txt")
# search/benchmark_positions.h, deep_bench_depth: where one thread takes seconds per position.
DEEP_DEPTH = {"2016": 11, "2018": 9}
# Positions from games (bench/positions/game-E.fen, scripts/game_positions.py), at about the
# depth the engine reaches in a move at 10+0.1 (scripts/pgn_depths.py).
GAME_DEPTH = {"2016": 8, "2018": 6}
SETS = {
    "game": {"name": "positions from games", "depth": GAME_DEPTH,
             "positions": lambda edition: "bench/positions/game-%s.fen" % edition},
    "deep": {"name": "deep set", "depth": DEEP_DEPTH, "positions": lambda edition: "deep"},
}


def log(text):
    print("parallel_report: " + text, file=sys.stderr, flush=True)


def run(cmd):
    return subprocess.run(cmd, check=True, text=True, capture_output=True).stdout


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def scaled_tc(tc, factor):
    base, inc = tc.split("+")
    return "%g+%g" % (float(base) * factor, float(inc) * factor)


def scaling(exe, threads, depth, edition, rounds, positions="deep", extra=()):
    """The `bench --scaling` table for one edition and set of positions, with the command that
    made it."""
    # A file of positions is named from the checkout's root, wherever the script runs.
    where = positions if positions == "deep" else os.path.join(ROOT, positions)
    cmd = [exe, "bench", "--scaling", threads, str(depth), edition, where, "--rounds", str(rounds)]
    # `bench` gives the deep set the engine's default table itself; a file of positions
    # would get the signature bench's 16 MB, where games search with the default 64 MB
    # (search/tt.h, kDefaultHashMb), and two threads' overhead grows with the table.
    if positions != "deep":
        cmd.append("hash=%d" % GAME_HASH_MB)
    cmd += list(extra)
    log("running " + " ".join(cmd))
    shown = " ".join(["build/leiserchess" if c == exe else positions if c == where else c for c in cmd])
    return "`%s`\n\n%s" % (shown, run(cmd).strip().replace(where, positions))


def row_of(table, threads):
    """The cells of one row (by its thread count) of a `bench --scaling` table, by column name."""
    lines = [line for line in table.splitlines() if line.startswith("|")]
    names = [c.strip() for c in lines[0].strip("|").split("|")]
    # Two columns are named "per position": the first after the time speed-up, the second
    # after the search overhead.
    seen = {}
    for i, name in enumerate(names):
        if name in seen:
            names[i] = name + " (overhead)"
        seen[name] = True
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] == str(threads):
            return dict(zip(names, cells))
    return None


def targets_table(tables):
    """One line per (edition, set): the two-thread row against issue 39's targets."""
    lines = ["| edition | positions | depth | time speed-up (sum / per position) | of the ceiling "
             "(sum / per position; target 90%) | search overhead (sum / per position; target +10% or less) | idle |",
             "|---|---|---:|---:|---:|---:|---:|"]

    def ratio(speed_up, ceiling):
        return "%.0f%%" % (100 * float(speed_up.rstrip("x")) / float(ceiling.rstrip("x")))
    for edition, set_name, depth, table in tables:
        row = row_of(table, 2)
        if row is None:
            continue
        lines.append("| %s | %s | %d | %s / %s | %s | %s | %s |" % (
            edition, set_name, depth, row["time speed-up"], row["per position"],
            "%s / %s" % (row["time speed-up / ceiling"], ratio(row["per position"], row["ceiling"])),
            "%s / %s" % (row["search overhead"], row["per position (overhead)"]), row["idle"]))
    return "\n".join(lines)


def play(exe, name, first, second, tc, edition, games, concurrency, label=None):
    """Plays one match and appends its result to the games TSV (its time control as `label`
    says, when the first engine has a clock of its own)."""
    pgn = os.path.join("/tmp", "parallel-%s-%d.pgn" % (name.replace(" ", "-"), os.getpid()))
    cmd = [exe, "arena", "--engine", first, "--engine", second, "--edition", edition, "--tc", tc,
           "--openings", BOOK, "--games", str(games), "--concurrency", str(concurrency), "--pgn", pgn]
    log("playing %s: %s" % (name, " ".join(cmd)))
    started = datetime.datetime.now()
    summary = run(cmd)
    minutes = (datetime.datetime.now() - started).total_seconds() / 60
    command = " ".join(cmd).replace(exe, "leiserchess")
    record(name, summary, label or tc, concurrency, started, minutes, command)


def record(name, summary, tc, concurrency, started, minutes, command, commit=None):
    """Appends a match's result, read from the arena's summary, to the games TSV (played at
    `commit`, by default HEAD's)."""
    pair = re.search(r"vs \S+: W (\d+) D (\d+) L (\d+)", summary)
    ptnml = re.search(r"pairs \d+, Ptnml\(0-2\) ([\d ]+?)  Elo ([+-]?[\d.inf]+) \+/- ([\d.inf]+)", summary)
    played = re.search(r"Match: (\d+) of", summary).group(1)
    commit = commit or run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).strip()
    row = {"date": started.strftime("%Y-%m-%d %H:%M"), "commit": commit, "match": name, "tc": tc,
           "concurrency": str(concurrency), "games": played, "wdl": "%s-%s-%s" % pair.groups(),
           "ptnml": ptnml.group(1), "elo": ptnml.group(2), "margin": ptnml.group(3),
           "minutes": "%.0f" % minutes, "command": command}
    fresh = not os.path.exists(GAMES_TSV)
    with open(GAMES_TSV, "a") as f:
        if fresh:
            f.write("\t".join(GAMES_COLUMNS) + "\n")
        f.write("\t".join(row[c] for c in GAMES_COLUMNS) + "\n")


def counters(exe, depth, threads, extra=()):
    """What the parallel search did in one bench of the deep positions (2016)."""
    cmd = [exe, "bench", str(depth), "2016", str(threads), "deep"] + list(extra)
    log("running " + " ".join(cmd))
    out = run(cmd)
    keep = [line for line in out.splitlines()
            if line.split(":")[0].strip() in ("Total time (ms)", "Nodes searched", "Splits", "Helper tasks",
                                             "After cutoffs", "Aborted moves", "PV re-searches",
                                             "First-move cuts", "Idle", "Abort latency")]
    shown = " ".join(["build/leiserchess" if c == exe else c for c in cmd])
    return "`%s`\n\n```\n%s\n```" % (shown, "\n".join(keep))


def games_table():
    if not os.path.exists(GAMES_TSV):
        return "No games recorded yet: `scripts/parallel_report.py --play 400` plays them."
    with open(GAMES_TSV) as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f]
    newest = {row["match"]: row for row in rows}
    lines = ["| match | time control | games | W-D-L | Ptnml(0-2) | Elo (pairs, 95%) | date, commit |",
             "|---|---|---:|---|---|---:|---|"]
    names = ("2 threads vs 1", "1 thread at 2x time vs 1", DIRECT, DIRECT_DEVICE, "Hybrid, 2 threads vs 1",
             "2 threads vs 1, both at depth 7", "2 threads vs 1, both at depth 6",
             "YBWC vs Lazy SMP, 2 threads each")
    doubling = names[1]
    for name in names:
        if name in newest:
            r = newest[name]
            lines.append("| %s | %s | %s | %s | %s | %s ± %s | %s, `%s` |" % (
                name, r["tc"], r["games"], r["wdl"], r["ptnml"], r["elo"], r["margin"], r["date"], r["commit"]))
    for threads_match, mode in (("2 threads vs 1", "YBWC"), ("Hybrid, 2 threads vs 1", "the hybrid")):
        if threads_match not in newest or doubling not in newest:
            continue
        first, second = newest[threads_match], newest[doubling]
        threads, doubled = float(first["elo"]), float(second["elo"])
        if doubled > 0:
            # The ratio's spread, propagated from both margins (each a 95%
            # interval, so 1.96 standard errors): what the games can resolve.
            ratio = threads / doubled
            spread = ((float(first["margin"]) / doubled) ** 2 +
                      (threads * float(second["margin"]) / doubled ** 2) ** 2) ** 0.5
            lines.append("")
            lines.append("With %s a second thread wins **%.0f%%** of the Elo that doubling one thread's "
                         "time wins (%+.1f against %+.1f; 95%% interval about %.0f%% to %.0f%%; issue 39 "
                         "asks for at least 80%%)." % (mode, 100 * ratio, threads, doubled,
                                                      100 * (ratio - spread), 100 * (ratio + spread)))
            if first["commit"] != second["commit"]:
                lines.append("The two matches were played at different commits (`%s` and `%s`)." % (
                    first["commit"], second["commit"]))
    if DIRECT in newest and doubling in newest and float(newest[doubling]["elo"]) > 0:
        # Two threads win a share s of doubling's Elo D when they score
        # -(1 - s) D against one thread on twice the time.
        direct, doubled = newest[DIRECT], float(newest[doubling]["elo"])
        elo, margin = float(direct["elo"]), float(direct["margin"])
        lines.append("")
        lines.append("Against one thread on twice the time, two threads score %+.1f ± %.1f: about **%.0f%%** "
                     "of what doubling wins (%+.1f), 95%% interval about %.0f%% to %.0f%% (this match's "
                     "margin only); 80%% is a score of %+.1f or better." % (
                         elo, margin, 100 * (1 + elo / doubled), doubled, 100 * (1 + (elo - margin) / doubled),
                         100 * (1 + (elo + margin) / doubled), -0.2 * doubled))
    pooled = pooled_direct(rows)
    if pooled and doubling in newest and float(newest[doubling]["elo"]) > 0:
        doubled = float(newest[doubling]["elo"])
        lines.append("")
        lines.append("All %d games of that match in the file together (%s; the 1-thread search is the same in "
                     "each, the parallel code changed between them only where its changes measured level): "
                     "Ptnml %s, %+.1f ± %.1f, about **%.0f%%** of doubling (95%% interval about %.0f%% to "
                     "%.0f%%)." % (pooled["games"], ", ".join(pooled["commits"]),
                                   " ".join(str(c) for c in pooled["ptnml"]), pooled["elo"], pooled["margin"],
                                   100 * (1 + pooled["elo"] / doubled), 100 * (1 + pooled["lower"] / doubled),
                                   100 * (1 + pooled["upper"] / doubled)))
    lines.append("")
    lines.append("Commands (from perf-reports/parallel-games.tsv):")
    lines.append("")
    for name in names:
        if name in newest:
            lines.append("- %s: `%s` (%s min)" % (name, newest[name]["command"], newest[name]["minutes"]))
    return "\n".join(lines)


def pooled_direct(rows):
    """Every row of the direct match (two threads against one on twice the time) summed by
    pairs: one estimate from all its games, since each row alone is about ±30 Elo."""
    direct = [row for row in rows if row["match"] == DIRECT]
    ptnml = [sum(int(row["ptnml"].split()[k]) for row in direct) for k in range(5)]
    if sum(ptnml) < 2:
        return None
    estimate = pair_elo(ptnml)
    estimate["games"] = sum(int(row["games"]) for row in direct)
    estimate["commits"] = ["`%s` %s games" % (row["commit"], row["games"]) for row in direct]
    estimate["ptnml"] = ptnml
    return estimate


def refresh_games(path):
    """Replaces the table and commands under the Games heading of an existing report."""
    with open(path) as f:
        text = f.read()
    heading = "\n## Games\n"
    if heading not in text:
        sys.exit("parallel_report: %s has no Games section: generate the whole report" % path)
    head, games = text.split(heading, 1)
    intro = games.strip().split("\n\n")[0]  # the paragraph on how the games were played
    date = utc_now()
    with open(path, "w") as f:
        f.write("%s%s\n%s\n\n%s\n\nThis section refreshed on %s by `scripts/parallel_report.py "
                "--games-only`.\n" % (head, heading, intro, games_table(), date))
    log("rewrote the Games section of " + path)


def machine():
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return "%s, %d logical CPUs" % (model, os.cpu_count())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--depth", type=int, default=None,
                        help="of every table (default: the edition's deep depth, 2016 11, 2018 9)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--oversubscribed", default="1,4,8,16")
    parser.add_argument("--editions", default="2016,2018")
    parser.add_argument("--sets", default="game,deep",
                        help="positions of the tables at the machine's thread counts: game (from games, "
                             "2016 at depth 8, 2018 at 6), deep (2016 at 11, 2018 at 9)")
    parser.add_argument("--play", type=int, default=0, metavar="GAMES")
    parser.add_argument("--matches", default="threads,time",
                        help="which to play: threads (2 against 1), time (1 thread at twice the time "
                             "against 1), direct (2 threads against 1 thread at twice the time), "
                             "hybrid (SMP hybrid, 2 threads against 1), lazy (YBWC against Lazy SMP, "
                             "2 threads each)")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--edition", default="2016", help="of the games")
    parser.add_argument("--out", default=os.path.join(ROOT, "perf-reports", "parallel.md"))
    parser.add_argument("--games-only", action="store_true",
                        help="rewrite only the Games section of --out from the games TSV, keeping the "
                             "tables above it; then exit")
    parser.add_argument("--import", dest="import_", nargs=6,
                        metavar=("MATCH", "SUMMARY", "TC", "CONCURRENCY", "MINUTES", "COMMAND"),
                        help="record a match played by hand: its name as the games table names it, the "
                             "file holding the arena's summary (its stdout), and how it was played; "
                             "then exit")
    parser.add_argument("--commit", default=None,
                        help="with --import: the commit the match's engines were built from (default HEAD)")
    args = parser.parse_args()
    if args.import_:
        name, summary_file, tc, concurrency, minutes, command = args.import_
        with open(summary_file) as f:
            summary = f.read()
        started = datetime.datetime.fromtimestamp(os.path.getmtime(summary_file)) - datetime.timedelta(
            minutes=float(minutes))
        record(name, summary, tc, int(concurrency), started, float(minutes), command, args.commit)
        log("recorded %s in %s" % (name, GAMES_TSV))
        return
    if args.games_only:
        refresh_games(args.out)
        return
    exe = os.path.abspath(args.exe)
    if not os.access(exe, os.X_OK):
        sys.exit("parallel_report: %s is not built (bash scripts/bootstrap.sh)" % exe)

    matches = args.matches.split(",") if args.play > 0 else []
    if "threads" in matches:
        play(exe, "2 threads vs 1", "name=threads2,cmd=%s,option.threads=2" % exe,
             "name=threads1,cmd=%s,option.threads=1" % exe, args.tc, args.edition, args.play, 1)
    if "time" in matches:
        play(exe, "1 thread at 2x time vs 1",
             "name=double,cmd=%s,option.threads=1,tc=%s" % (exe, scaled_tc(args.tc, 2)),
             "name=single,cmd=%s,option.threads=1" % exe, args.tc, args.edition, args.play, 2,
             "%s vs %s" % (scaled_tc(args.tc, 2), args.tc))
    if "direct" in matches:
        play(exe, DIRECT, "name=threads2,cmd=%s,option.threads=2" % exe,
             "name=double,cmd=%s,option.threads=1,tc=%s" % (exe, scaled_tc(args.tc, 2)), args.tc,
             args.edition, args.play, 1, "%s vs %s" % (args.tc, scaled_tc(args.tc, 2)))
    if "hybrid" in matches:
        play(exe, "Hybrid, 2 threads vs 1", "name=hybrid2,cmd=%s,option.threads=2,option.SMP=hybrid" % exe,
             "name=threads1,cmd=%s,option.threads=1" % exe, args.tc, args.edition, args.play, 1)
    if "lazy" in matches:
        play(exe, "YBWC vs Lazy SMP, 2 threads each", "name=ybwc,cmd=%s,option.threads=2" % exe,
             "name=lazy,cmd=%s,option.threads=2,option.SMP=lazy" % exe, args.tc, args.edition, args.play, 1)

    commit = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).strip()
    date = utc_now()
    sections = []
    def depth_of(edition, set_key="deep"):
        return args.depth or SETS[set_key]["depth"][edition]
    tables = []
    for edition in args.editions.split(","):
        for set_key in args.sets.split(","):
            kind = SETS[set_key]
            depth = depth_of(edition, set_key)
            table = scaling(exe, args.threads, depth, edition, args.rounds, kind["positions"](edition))
            tables.append((edition, kind["name"], depth, table))
            sections.append("### Edition %s, %s, %d rounds\n\n%s" % (edition, kind["name"], args.rounds, table))
    oversubscribed = scaling(exe, args.oversubscribed, depth_of("2016"), "2016", args.rounds)
    counted = "\n\n".join([counters(exe, depth_of("2016"), 2),
                            counters(exe, depth_of("2016"), 16, ["oversubscribe=true"])])

    report = """# Parallel search: time to depth, search overhead, games

Generated by `scripts/parallel_report.py` (%(argv)s); run it again to refresh. Decisions and
design: [docs/parallel.md](../docs/parallel.md).

- Date: %(date)s, commit `%(commit)s`
- Machine: %(machine)s (a shared VM: compare the paired ratios, not the absolute times)
- Positions: positions from games (bench/positions/game-E.fen: 60 per edition, taken from games
  at 10+0.1 by scripts/game_positions.py), at about the depth a move of such a game reaches
  (%(game_depth)s); and the deep set (`bench ... deep`: 8 positions per edition worth seconds
  each at depth %(depth)s with one thread; search/benchmark_positions.h). The engine's default
  64 MB TT, cleared and faulted in before each position.

## Two threads against the targets

The two-thread rows of the tables below, against issue 39's targets. Sums follow the few
positions whose tree blows up; the per-position figures (geometric means of each position's
ratio) do not.

%(targets)s

## Threads this machine has

Time to depth is what a parallel search is for; node rate alone can grow with a wasted tree.
The ceiling is what the machine itself allows: as many independent one-thread searches at once
as the row has threads, sharing nothing.

%(sections)s

## Search overhead with more threads than cores

Oversubscribed rows run 4, 8 and 16 threads on this machine's cores: the tree they search
(nodes to the same depth over one thread's) is the search overhead a machine with that many
cores would see; their times and node rates mean nothing here. The median of %(rounds)d rounds: a
single round ranges widely (16 threads: +50%% to +120%% in three runs of one binary,
perf-reports/parallel-experiments.md).

%(oversubscribed)s

## What the parallel search did

The counters a parallel bench prints (docs/parallel.md, "Measuring it"): splits by the node's
expected type, helper tasks, moves and nodes searched after a brother had cut, moves an abort
cut short, PV re-searches, the first-move cutoff rate, the share of thread time spent waiting,
and how long an abort took to reach a searching helper (polled every 16 nodes). At 2 threads,
and at 16 oversubscribed (where a helper may wait for a core before it polls).

%(counted)s

## 16 cores

No 16-core device machine was lent to this session. On one, the same command with the counts
`1,2,4,8,16` gives these rows: `build/leiserchess bench --scaling 1,2,4,8,16 %(depth16)d 2016 deep
--rounds 2` (about 4 minutes). The last 16-core measurement, of the search before the split
points were rewritten, is in [parallel-16.md](parallel-16.md).

## Games

What a second thread is worth, beside what doubling one thread's time is worth: the edition
%(edition)s, the default evaluation, the course's 100 openings each twice with colours reversed;
Elo from the pairs (pentanomial), 95%% interval.

%(games)s
""" % {"argv": " ".join(["scripts/parallel_report.py"] + sys.argv[1:]), "date": date, "commit": commit,
       "machine": machine(),
       "depth": ", ".join("%d in %s" % (depth_of(e), e) for e in args.editions.split(",")),
       "game_depth": ", ".join("%d in %s" % (depth_of(e, "game"), e) for e in args.editions.split(",")),
       "targets": targets_table(tables),
       "depth16": depth_of("2016"), "sections": "\n\n".join(sections),
       "oversubscribed": oversubscribed, "counted": counted, "edition": args.edition, "rounds": args.rounds,
       "games": games_table()}
    with open(args.out, "w") as f:
        f.write(report)
    log("wrote " + args.out)


if __name__ == "__main__":
    main()
