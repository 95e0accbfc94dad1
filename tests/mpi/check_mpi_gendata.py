#!/usr/bin/env python3
"""Tests of `leiserchess-mpi gendata` (docs/mpi.md, "gendata"), suite `mpi`.

Usage: check_mpi_gendata.py CHECK --mpirun M --mpi-exe E --single-exe S

CHECK is one of: same-records, resume, bad-args. The reference is always the
single-process `leiserchess gendata` with the same arguments: the per-rank
files together must hold its games, record for record; the manifest's counts
are checked against the files themselves. Each run has a time limit, so a
hang fails the test.
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

from mpi_harness import RANKS, Failure, check, main, mpi_command, mpi_env, run_mpi as run_under_mpirun

# The data file's reader (header, records, games) of the gendata test.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "nnue"))
from data_file import HEADER, RECORD, by_game, records  # noqa: E402

TIME_LIMIT_S = 180
# A handful of short games: 9 so that each rank plays 3.
GAMES = 9
BASE = ["--edition", "2016", "--games", str(GAMES), "--nodes", "200", "--seed", "7", "--max-plies", "60"]
# The resume check stops a run once its first games are written: at 200 nodes
# a move, a fast machine finishes all 9 games before mpirun has passed the
# signal on (all in under a second), so that run searches 100 times as many.
RESUME_BASE = ["--edition", "2016", "--games", str(GAMES), "--nodes", "20000", "--seed", "7", "--max-plies", "60"]


def run_mpi(opts, args, ranks=RANKS):
    return run_under_mpirun(opts, ["gendata"] + args, ranks, TIME_LIMIT_S)


def run_single(opts, args):
    result = subprocess.run([opts.single_exe, "gendata"] + args, capture_output=True, text=True,
                            timeout=TIME_LIMIT_S)
    check(result.returncode == 0, f"single gendata {args}: exit {result.returncode}\n{result.stderr}")


def rank_files(out, ranks=RANKS):
    return [f"{out}.rank{r}" for r in range(ranks)]


def union_of(out, ranks=RANKS):
    """Every rank file's games together; a game in two files is an error."""
    union = {}
    for r, path in enumerate(rank_files(out, ranks)):
        for game, rows in by_game(records(path)).items():
            check(game % ranks == r, f"{path} holds game {game}, not of rank {r}'s share")
            check(game not in union, f"game {game} in two rank files")
            union[game] = rows
    return union


def reference(opts, tmp, base=BASE):
    path = os.path.join(tmp, "single.bin")
    run_single(opts, base + ["--out", path])
    games = by_game(records(path))
    check(len(games) >= GAMES - 2, f"the reference run has only {len(games)} of {GAMES} games with records")
    return games


def check_manifest(out, args, ranks=RANKS):
    with open(out + ".manifest") as f:
        lines = f.read().splitlines()
    check(lines[0] == "leiserchess-mpi gendata manifest 1", f"manifest header {lines[0]!r}")
    fields = {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in lines[1:] if not line.startswith("rank ")}
    check(fields["command"].startswith("leiserchess-mpi gendata --edition 2016"), f"command {fields['command']!r}")
    check(fields["edition"] == "2016" and fields["ranks"] == str(ranks) and fields["games"] == str(GAMES),
          f"manifest fields {fields}")
    total_games = total_positions = 0
    rank_lines = [line for line in lines if line.startswith("rank ")]
    check(len(rank_lines) == ranks, f"{len(rank_lines)} rank lines for {ranks} ranks")
    for r, line in enumerate(rank_lines):
        words = line.split(" ")
        file = line.split(" file ", 1)[1]
        check(words[1] == str(r) and file == f"{out}.rank{r}", f"rank line {line!r}")
        check(words[3] == str(r) and words[5] == str(ranks), f"rank line's share {line!r}")
        rows = records(file)
        check(int(words[7]) == len(by_game(rows)) and int(words[9]) == len(rows),
              f"rank line {line!r}: the file holds {len(by_game(rows))} games, {len(rows)} positions")
        total_games += len(by_game(rows))
        total_positions += len(rows)
    check(fields["total"] == f"games {total_games} positions {total_positions}", f"total {fields['total']!r}")


def check_same_records(opts):
    with tempfile.TemporaryDirectory() as tmp:
        expected = reference(opts, tmp)
        out = os.path.join(tmp, "mpi.bin")
        args = BASE + ["--out", out, "--threads", "1"]
        result = run_mpi(opts, args)
        check(result.returncode == 0, f"exit {result.returncode}\n{result.stderr}")
        check(union_of(out) == expected, "the rank files together differ from the single-process run")
        check_manifest(out, args)
        check(f"manifest '{out}.manifest'" in result.stdout, f"no summary line:\n{result.stdout}")
        # One rank: all games in OUT.rank0, the same records.
        one = os.path.join(tmp, "one.bin")
        result = run_mpi(opts, BASE + ["--out", one, "--threads", "2"], ranks=1)
        check(result.returncode == 0, f"1 rank: exit {result.returncode}\n{result.stderr}")
        check(union_of(one, ranks=1) == expected, "one rank differs from the single-process run")
        check_manifest(one, args, ranks=1)
    print(f"same-records: {RANKS} ranks and 1 rank write the single-process run's {len(expected)} games; "
          "the manifests match the files")


def check_resume(opts):
    with tempfile.TemporaryDirectory() as tmp:
        expected = reference(opts, tmp, RESUME_BASE)
        out = os.path.join(tmp, "mpi.bin")
        args = RESUME_BASE + ["--out", out]
        # An interrupted run: mpirun stopped (SIGTERM, as a job scheduler does)
        # once the files hold some records.
        process = subprocess.Popen(mpi_command(opts, ["gendata"] + args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env=mpi_env())
        deadline = time.monotonic() + TIME_LIMIT_S
        interrupted = False
        while process.poll() is None and time.monotonic() < deadline:
            sizes = [os.path.getsize(p) for p in rank_files(out) if os.path.exists(p)]
            if sum(sizes) > len(sizes) * HEADER + 3 * RECORD.size:
                process.send_signal(signal.SIGTERM)
                interrupted = True
                break
            time.sleep(0.05)
        try:
            process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            raise Failure("mpirun did not end after SIGTERM")
        # The run can finish its last games between the size check above and
        # the signal (a fast machine plays these games in well under a
        # second): then its manifest describes complete files. A manifest over
        # files that lack games is the failure.
        if os.path.exists(out + ".manifest"):
            check(union_of(out) == expected, "an interrupted run wrote a manifest over incomplete files")
            interrupted = False
        # A record cut in half at the end of one file, as a crash mid-write leaves.
        with open(rank_files(out)[1], "ab") as f:
            f.write(b"\x01" * 20)
        result = run_mpi(opts, args)
        check(result.returncode == 0, f"resume: exit {result.returncode}\n{result.stderr}")
        check("resuming" in result.stderr, f"no 'resuming' note:\n{result.stderr}")
        check(union_of(out) == expected, "the resumed rank files differ from the single-process run")
        check_manifest(out, args)
        # Finished files: a rerun replays only each file's last game, in place.
        sizes = [os.path.getsize(p) for p in rank_files(out)]
        result = run_mpi(opts, args)
        check(result.returncode == 0, f"rerun: exit {result.returncode}\n{result.stderr}")
        check([os.path.getsize(p) for p in rank_files(out)] == sizes and union_of(out) == expected,
              "rerunning a finished job changed its files")
        # Another number of ranks cannot resume these files (other shares).
        result = run_mpi(opts, args, ranks=2)
        check(result.returncode != 0 and "not of this run's share" in result.stderr,
              f"2 ranks on 3 ranks' files: exit {result.returncode}\n{result.stderr}")
        check(union_of(out) == expected, "a refused run changed the files")
    print(f"resume: a run {'interrupted by SIGTERM' if interrupted else 'that finished before SIGTERM'} "
          "and a cut record resume to the single-process run's games; other rank counts are refused")


def check_bad_args(opts):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "never.bin")
        cases = [[], ["--games", "0", "--edition", "2016", "--nodes", "10", "--out", out],
                 ["--edition", "2016", "--games", "3", "--nodes", "x", "--out", out],
                 ["--edition", "2016", "--games", "3", "--nodes", "10"],
                 ["--edition", "2016", "--games", "3", "--nodes", "10", "--out", out, "--bogus", "1"],
                 ["--edition", "2016", "--games", "3", "--nodes", "10", "--out", out, "nosuchoption=1"],
                 ["--edition", "2016", "--games", "3", "--nodes", "10", "--out", out, "--game-stride", "2"],
                 ["--edition", "2016", "--games", "3", "--nodes", "10", "--out", out, "--simd", "nope"]]
        for args in cases:
            result = run_mpi(opts, args)
            errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
            check(result.returncode != 0, f"{args}: exit 0")
            check(len(errors) == 1, f"{args}: expected one error line, got {errors}")
            check(result.stdout.strip() == "", f"{args}: output on stdout: {result.stdout}")
            check(not any(name.startswith("never.bin") for name in os.listdir(tmp)),
                  f"{args}: a refused run created files: {os.listdir(tmp)}")
    print(f"bad-args: {len(cases)} bad command lines fail with one error line, every rank exits")


CHECKS = {"same-records": check_same_records, "resume": check_resume, "bad-args": check_bad_args}


if __name__ == "__main__":
    sys.exit(main(CHECKS))
