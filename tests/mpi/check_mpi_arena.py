#!/usr/bin/env python3
"""Tests of `leiserchess-mpi arena` (docs/mpi.md, "arena across ranks"), suite `mpi`.

Usage: check_mpi_arena.py CHECK --mpirun M --mpi-exe E --single-exe S --book B

CHECK is one of: same-games, sprt, dead-worker, bad-args. The reference is
always the single-process `leiserchess arena` with the same options: the same
games (engines, colours, opening, moves, result, reason per game number), the
same progress lines and the same summary. The engines are depth- and
node-limited specs of the real engine (a search of fixed depth or nodes gives
the same moves in any process) or the fake engines of tests/arena. Each run
has a time limit, so a hang fails the test.
"""
import os
import re
import subprocess
import sys
import tempfile

from mpi_harness import RANKS, check, main, run_mpi as run_under_mpirun

TIME_LIMIT_S = 120
FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "arena", "fake_engines")


def real_engines(opts):
    return ["--engine", f"name=d2,cmd={opts.single_exe},depth=2,option.threads=1",
            "--engine", f"name=n300,cmd={opts.single_exe},nodes=300,option.threads=1", "--edition", "2016"]


def fake_engines():
    return ["--engine", f"name=illegal,cmd=bash {FAKES}/illegal.sh,depth=1",
            "--engine", f"name=crash,cmd=bash {FAKES}/crash_on_go.sh,depth=1", "--edition", "2016"]


def run_mpi(opts, args, ranks=RANKS):
    return run_under_mpirun(opts, ["arena"] + args, ranks, TIME_LIMIT_S)


def run_single(opts, args):
    result = subprocess.run([opts.single_exe, "arena"] + args, capture_output=True, text=True, timeout=TIME_LIMIT_S)
    check(result.returncode == 0, f"single arena {args}: exit {result.returncode}\n{result.stderr}")
    return result


def read_pgn(path):
    """{round: (tags without Date, moves, result)}; a round recorded twice is an error."""
    games = {}
    with open(path) as f:
        text = f.read()
    for record in re.split(r"\n\n(?=\[Event )", text.strip()):
        head, _, body = record.partition("\n\n")
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', head, re.M))
        body = re.sub(r"\{[^}]*\}", " ", body)  # the comments hold each move's time
        tokens = [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?", t)]
        number = int(tags["Round"])
        check(number not in games, f"{path}: game {number} recorded twice")
        del tags["Date"]
        games[number] = (tags, tokens[:-1], tokens[-1])
    return games


def game_lines(stderr):
    """The progress: one `game N ...` line and one `[k/N] ...` line per game."""
    return [line for line in stderr.splitlines() if line.startswith("game ") or line.startswith("[")]


def summary(stdout):
    """The summary less its wall time and the PGN's path."""
    return [line for line in stdout.splitlines() if not line.startswith("Time:") and not line.startswith("Game records:")]


def compare(single_pgn, mpi_pgn, rounds=None):
    expected, got = read_pgn(single_pgn), read_pgn(mpi_pgn)
    numbers = sorted(got) if rounds is None else rounds
    check(sorted(got)[:len(numbers)] == numbers, f"mpi rounds {sorted(got)}, expected {numbers}")
    for n in numbers:
        check(got[n] == expected[n], f"game {n} differs:\n  single {expected[n]}\n  mpi    {got[n]}")
    return len(numbers)


def check_same_games(opts):
    # Three openings of the book, each played twice with colours reversed:
    # 3 opening pairs for the 2 worker ranks.
    args = real_engines(opts) + ["--openings", opts.book, "--rounds", "3"]
    with tempfile.TemporaryDirectory() as tmp:
        single_pgn, mpi_pgn = os.path.join(tmp, "single.pgn"), os.path.join(tmp, "mpi.pgn")
        single = run_single(opts, args + ["--pgn", single_pgn])
        result = run_mpi(opts, args + ["--pgn", mpi_pgn])
        check(result.returncode == 0, f"exit {result.returncode}\n{result.stderr}")
        games = compare(single_pgn, mpi_pgn)
        check(games == 6 and sorted(read_pgn(mpi_pgn)) == list(range(1, 7)), f"{games} games, not 6")
        check(game_lines(result.stderr) == game_lines(single.stderr),
              f"progress lines differ:\n{result.stderr}\n--- single:\n{single.stderr}")
        check(summary(result.stdout) == summary(single.stdout),
              f"summaries differ:\n{result.stdout}\n--- single:\n{single.stdout}")
        check(f"arena: 2 engines, 6 games, edition 2016, {RANKS - 1} worker ranks" in result.stderr,
              f"no start line:\n{result.stderr}")
    print(f"same-games: {RANKS} ranks play the single-process arena's 6 games (moves, results, reasons), "
          "with its progress lines and summary")


def check_sprt(opts):
    # The fake moving first always forfeits: every pair is even, and the SPRT
    # accepts H0 at its tenth pair (game 20), as test_arena_match.cpp checks
    # for the single-process arena. Games a worker already had when rank 0
    # decided are played and recorded, as games in progress are with
    # --concurrency.
    args = fake_engines() + ["--games", "100", "--sprt", "elo0=0", "elo1=200", "alpha=0.05", "beta=0.05"]
    with tempfile.TemporaryDirectory() as tmp:
        single_pgn, mpi_pgn = os.path.join(tmp, "single.pgn"), os.path.join(tmp, "mpi.pgn")
        single = run_single(opts, args + ["--pgn", single_pgn])
        check("Match: 20 of 100 games" in single.stdout, f"the reference did not stop at 20:\n{single.stdout}")
        result = run_mpi(opts, args + ["--pgn", mpi_pgn])
        check(result.returncode == 0, f"exit {result.returncode}\n{result.stderr}")
        got = sorted(read_pgn(mpi_pgn))
        check(20 <= len(got) <= 20 + 2 * (RANKS - 1) and got == list(range(1, len(got) + 1)) and len(got) % 2 == 0,
              f"rounds {got}: not whole pairs 1..n with 20 <= n <= {20 + 2 * (RANKS - 1)}")
        compare(single_pgn, mpi_pgn, list(range(1, 21)))
        check(game_lines(result.stderr)[:40] == game_lines(single.stderr),
              f"progress lines differ:\n{result.stderr}\n--- single:\n{single.stderr}")
        check(re.search(r"^SPRT .*: H0 accepted$", result.stdout, re.M), f"no decision:\n{result.stdout}")
        check(f"Match: {len(got)} of 100 games" in result.stdout, f"summary:\n{result.stdout}")
    print(f"sprt: H0 accepted at game 20 as in the single-process arena; {len(got)} games recorded")


def check_dead_worker(opts):
    # Rank 1 dies (SIGKILL) after its first game: the job fails with a clear
    # error, and --resume finishes the match from the PGN rank 0 wrote.
    args = [a.replace("depth=2", "depth=1") for a in real_engines(opts)] + ["--openings", opts.book, "--rounds", "4"]
    with tempfile.TemporaryDirectory() as tmp:
        single_pgn, mpi_pgn = os.path.join(tmp, "single.pgn"), os.path.join(tmp, "mpi.pgn")
        single = run_single(opts, args + ["--pgn", single_pgn])
        died = run_mpi(opts, args + ["--pgn", mpi_pgn, "--die-after-games", "1"])
        check(died.returncode != 0, "a run whose worker died must not exit 0")
        check("terminated before the match finished" in died.stderr or "exited on signal" in died.stderr,
              f"no clear error for the dead worker:\n{died.stderr}")
        said = "terminated before the match finished" in died.stderr
        check(not said or f"the finished games are in {mpi_pgn}" in died.stderr, f"no advice:\n{died.stderr}")
        kept = len(read_pgn(mpi_pgn)) if os.path.exists(mpi_pgn) and os.path.getsize(mpi_pgn) else 0
        resumed = run_mpi(opts, args + ["--pgn", mpi_pgn, "--resume"])
        check(resumed.returncode == 0, f"resume: exit {resumed.returncode}\n{resumed.stderr}")
        check(compare(single_pgn, mpi_pgn) == 8, "the resumed match does not hold 8 games")
        check(summary(resumed.stdout) == summary(single.stdout), f"summaries differ:\n{resumed.stdout}\n--- single:\n"
              f"{single.stdout}")
        check(kept == 0 or f"and {kept} read back from {mpi_pgn}" in resumed.stdout, f"resume:\n{resumed.stdout}")
    print(f"dead-worker: the job failed (exit {died.returncode}, rank 0's message {'shown' if said else 'not shown'}),"
          f" {kept} games were kept, --resume finished the single-process arena's match")


def check_bad_args(opts):
    engines = fake_engines()
    # Few cases (each is an mpirun start): parse errors on every rank, the
    # options leiserchess-mpi adds or refuses, a set-up failure on rank 0.
    cases = [([], 2), (engines + ["--bogus"], 2), (engines + ["--concurrency", "2"], 2),
             (engines + ["--die-after-games", "x"], 2), (engines + ["--openings", "/no/such/book.txt"], 1)]
    for args, status in cases:
        result = run_mpi(opts, args)
        errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
        check(result.returncode == status, f"{args}: exit {result.returncode}, expected {status}\n{result.stderr}")
        check(len(errors) == 1, f"{args}: expected one error line, got {errors}")
        check(result.stdout.strip() == "", f"{args}: output on stdout: {result.stdout}")
    print(f"bad-args: {len(cases)} bad command lines fail with one error line, every rank exits")


CHECKS = {"same-games": check_same_games, "sprt": check_sprt, "dead-worker": check_dead_worker,
          "bad-args": check_bad_args}


if __name__ == "__main__":
    sys.exit(main(CHECKS, ["--book"]))
