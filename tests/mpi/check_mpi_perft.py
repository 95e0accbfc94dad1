#!/usr/bin/env python3
"""Tests of leiserchess-mpi (docs/mpi.md), for the `mpi` suite.

Usage: check_mpi_perft.py CHECK --mpirun M --mpi-exe E --single-exe S --vectors DIR

CHECK is one of: vectors, one-rank, checkpoint, mismatch, bad-args, dead-worker, binding.
Every count is compared with ../shared/vectors or with the single-process
`leiserchess perft` (the reference); nothing is compared with a number
written here. Each run has a time limit, so a hang fails the test.
LEISER_MPI_TEST_ALL_FENS=1 checks every FEN of the vector files instead of a
sample of 2 per edition.
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

from mpi_harness import RANKS, Failure, check, main, mpi_env, run_mpi as run_under_mpirun

TIME_LIMIT_S = 120
# The largest vector depth checked per FEN and mode: keeps a run short.
MAX_LEAVES = 5_000_000


def run_mpi(opts, args, ranks=RANKS):
    return run_under_mpirun(opts, args, ranks, TIME_LIMIT_S)


def run_single(opts, args):
    return subprocess.run([opts.single_exe] + args, capture_output=True, text=True, timeout=TIME_LIMIT_S,
                          check=True)


def counts(stdout):
    """The `perft <d> <count>` lines as {d: count}."""
    return {int(m.group(1)): int(m.group(2)) for m in re.finditer(r"^perft (\d+) (\d+)$", stdout, re.M)}


def error_lines(stderr):
    """Our own error lines (mpirun adds its report around them)."""
    return [line for line in stderr.splitlines() if line.startswith("error:")]


def read_vectors(opts, edition):
    path = os.path.join(opts.vectors, f"perft-{edition}.tsv")
    if not os.path.exists(path):
        raise Failure(f"test vectors missing: cannot open {path} (the tests need ../shared/vectors)")
    by_fen = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            by_fen.setdefault(row["fen"], []).append(
                (int(row["depth"]), int(row["legal"]), int(row["pseudo"])))
    return by_fen


def check_vectors(opts):
    runs = 0
    for edition in ("2016", "2018"):
        by_fen = read_vectors(opts, edition)
        fens = list(by_fen)
        if os.environ.get("LEISER_MPI_TEST_ALL_FENS") != "1":
            fens = [fens[0], fens[-1]]
        for fen in fens:
            for mode, column in (("legal", 1), ("pseudo", 2)):
                rows = [r for r in by_fen[fen] if r[column] <= MAX_LEAVES]
                if not rows:
                    continue
                depth = max(r[0] for r in rows)
                args = ["perft", "--edition", edition, "--fen", fen, "--depth", str(depth), "--split-depth", "1"]
                if mode == "pseudo":
                    args.append("--pseudo")
                # Every second run counts through a small perft table per task.
                if runs % 2 == 1:
                    args += ["--hash", "2"]
                result = run_mpi(opts, args)
                check(result.returncode == 0, f"{args}: exit {result.returncode}\n{result.stderr}")
                got = counts(result.stdout)
                for row in rows:
                    check(got.get(row[0]) == row[column],
                          f"{edition} {mode} '{fen}' depth {row[0]}: {got.get(row[0])}, vector {row[column]}")
                runs += 1
    # Legal tasks two plies down (the parent's FEN and a move: Ko must see
    # the parent's board, and the split itself applies Ko at ply 2), on the
    # FEN of each edition with the fewest nodes at ply 2 (few tasks).
    for edition in ("2016", "2018"):
        by_fen = read_vectors(opts, edition)
        fen = min(by_fen, key=lambda f: next((r[1] for r in by_fen[f] if r[0] == 2), 1 << 62))
        rows = [r for r in by_fen[fen] if r[0] >= 3 and r[1] <= MAX_LEAVES]
        if not rows:
            continue
        depth = max(r[0] for r in rows)
        args = ["perft", "--edition", edition, "--fen", fen, "--depth", str(depth), "--split-depth", "2"]
        result = run_mpi(opts, args)
        check(result.returncode == 0, f"{args}: exit {result.returncode}\n{result.stderr}")
        got = counts(result.stdout)
        for row in by_fen[fen]:
            if row[0] <= depth:
                check(got.get(row[0]) == row[1], f"{args} depth {row[0]}: {got.get(row[0])}, vector {row[1]}")
        runs += 1
    # The automatic split depth (two plies for two workers: thousands of
    # tasks of microseconds, which rank 0 queues deeper) and the
    # single-process command's every line, start positions.
    for edition, mode in (("2018", []), ("2016", ["--pseudo"])):
        args = ["perft", "--edition", edition, "--depth", "4"] + mode
        result = run_mpi(opts, args)
        check(result.returncode == 0, f"{args}: exit {result.returncode}\n{result.stderr}")
        single = counts(run_single(opts, args).stdout)
        check(counts(result.stdout) == single, f"{args}: {counts(result.stdout)} != single {single}")
        check("progress: tasks" in result.stderr, "no progress line on stderr")
        runs += 1
    print(f"vectors: {runs} runs of {RANKS} ranks agree with the vectors and the single-process perft")


def check_one_rank(opts):
    for args in (["perft", "--edition", "2016", "--depth", "4", "--pseudo"],
                 ["perft", "--edition", "2018", "--depth", "4", "--threads", "2"],
                 ["perft", "--edition", "2018", "--depth", "3", "--simd", "scalar", "--split-depth", "0"]):
        result = run_mpi(opts, args, ranks=1)
        check(result.returncode == 0, f"{args}: exit {result.returncode}\n{result.stderr}")
        reference = [a for a in args if a not in ("--split-depth", "0")]
        single = counts(run_single(opts, reference).stdout)
        check(counts(result.stdout) == single, f"1 rank {args}: {counts(result.stdout)} != single {single}")
        if "--simd" in args:
            check(", core scalar," in result.stdout, f"--simd scalar did not run the scalar core:\n{result.stdout}")
    print("one-rank: 3 runs agree with the single-process perft")


def checkpoint_records(path):
    with open(path) as f:
        return [line for line in f.read().splitlines() if line.startswith("task ")]


def check_checkpoint(opts):
    args = ["perft", "--edition", "2016", "--depth", "4", "--pseudo", "--split-depth", "1"]
    single = counts(run_single(opts, ["perft", "--edition", "2016", "--depth", "4", "--pseudo"]).stdout)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "run.ckpt")
        stopped = run_mpi(opts, args + ["--checkpoint", path, "--stop-after-tasks", "10"])
        check(stopped.returncode != 0, "a run stopped by --stop-after-tasks must not exit 0")
        check("stopped after" in stopped.stderr, f"no 'stopped after' line:\n{stopped.stderr}")
        first = checkpoint_records(path)
        with open(path) as f:
            header = f.read().splitlines()[:7]
        tasks = int(header[6].split()[1])
        check(10 <= len(first) < tasks, f"{len(first)} of {tasks} tasks recorded after stopping at 10")
        # Resumed with another number of ranks: the checkpoint's split depth
        # is kept, only the missing tasks are counted.
        resumed = run_mpi(opts, args[:-2] + ["--checkpoint", path], ranks=2)
        check(resumed.returncode == 0, f"resume: exit {resumed.returncode}\n{resumed.stderr}")
        check(counts(resumed.stdout) == single, f"resumed {counts(resumed.stdout)} != single {single}")
        check(f"({len(first)} from the checkpoint)" in resumed.stdout, f"resume did not use the checkpoint:\n{resumed.stdout}")
        check(len(checkpoint_records(path)) == tasks, "the checkpoint should hold every task after the resume")
        # A finished checkpoint gives the totals again without counting.
        again = run_mpi(opts, args + ["--checkpoint", path])
        check(again.returncode == 0 and counts(again.stdout) == single, f"rerun of a finished checkpoint:\n{again.stdout}")
        # A record cut short (the job died mid-write) is dropped, the task counted again.
        with open(path, "r+") as f:
            text = f.read()
            f.seek(0)
            f.truncate()
            f.write(text[:-3])
        repaired = run_mpi(opts, args + ["--checkpoint", path])
        check(repaired.returncode == 0 and counts(repaired.stdout) == single, f"torn last record:\n{repaired.stderr}")
    print(f"checkpoint: stopped after {len(first)} of {tasks} tasks, resumed on 2 ranks to the single-process counts")


def check_mismatch(opts):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "run.ckpt")
        base = ["perft", "--edition", "2016", "--depth", "3", "--split-depth", "1", "--checkpoint", path]
        first = run_mpi(opts, base)
        check(first.returncode == 0, f"first run: exit {first.returncode}\n{first.stderr}")
        with open(path) as f:
            before = f.read()
        for change in (["--depth", "4"], ["--pseudo"], ["--edition", "2018"], ["--split-depth", "2"]):
            args = base + change
            result = run_mpi(opts, args)
            errors = error_lines(result.stderr)
            check(result.returncode != 0, f"{change}: a mismatched checkpoint must fail")
            check(len(errors) == 1 and "does not match this run" in errors[0],
                  f"{change}: expected one 'does not match' error line, got {errors}")
            with open(path) as f:
                check(f.read() == before, f"{change}: the refused checkpoint was changed")
        with open(os.path.join(tmp, "junk"), "w") as f:
            f.write("not a checkpoint\n")
        result = run_mpi(opts, base[:-1] + [os.path.join(tmp, "junk")])
        check(result.returncode != 0 and len(error_lines(result.stderr)) == 1, "a junk checkpoint must fail")
    print("mismatch: 4 mismatched runs and a junk file refused with one error line, the file untouched")


def check_bad_args(opts):
    cases = [[], ["perft"], ["perft", "--depth", "x"], ["perft", "--depth", "3", "--fen", "bad"],
             ["perft", "--depth", "3", "--split-depth", "3"], ["perft", "--depth", "3", "--bogus"],
             ["perft", "--depth", "3", "--simd", "nope"], ["perft", "--depth", "3", "--hash", "-5"],
             ["perft", "--depth", "3", "--checkpoint", "/nonexistent-folder/run.ckpt"]]
    for args in cases:
        result = run_mpi(opts, args)
        errors = error_lines(result.stderr)
        check(result.returncode != 0, f"{args}: exit 0")
        check(len(errors) == 1, f"{args}: expected one error line, got {errors}")
        check(result.stdout.strip() == "", f"{args}: output on stdout: {result.stdout}")
    print(f"bad-args: {len(cases)} bad command lines fail with one error line, every rank exits")


def check_dead_worker(opts):
    args = ["perft", "--edition", "2016", "--depth", "4", "--pseudo", "--split-depth", "1"]
    single = counts(run_single(opts, ["perft", "--edition", "2016", "--depth", "4", "--pseudo"]).stdout)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "run.ckpt")
        died = run_mpi(opts, args + ["--checkpoint", path, "--die-after-tasks", "3"])
        check(died.returncode != 0, "a run whose worker died must not exit 0")
        check("perft 4" not in died.stdout, "a run whose worker died printed a total")
        # Rank 0's own line when mpirun terminates it, else mpirun's report.
        check("terminated before the count finished" in died.stderr or "exited on signal" in died.stderr,
              f"no clear error for the dead worker:\n{died.stderr}")
        recorded = len(checkpoint_records(path))
        resumed = run_mpi(opts, args + ["--checkpoint", path])
        check(resumed.returncode == 0, f"resume: exit {resumed.returncode}\n{resumed.stderr}")
        check(counts(resumed.stdout) == single, f"resumed {counts(resumed.stdout)} != single {single}")
    said = "terminated before the count finished" in died.stderr
    print(f"dead-worker: the job failed (exit {died.returncode}, rank 0's message {'shown' if said else 'not shown'}),"
          f" {recorded} tasks were in the checkpoint, the resume gave the single-process counts")


def check_binding(opts):
    """Ranks confined to one CPU (as mpirun's default binding to cores confines them) but asked
    for 2 threads: one warning line on rank 0, and the counts are still right. The confinement
    is made with taskset, so the test does not depend on the machine's core count."""
    args = ["perft", "--edition", "2018", "--depth", "4", "--threads", "2"]
    single = counts(run_single(opts, args).stdout)
    command = ["taskset", "-c", "0", opts.mpirun, "--bind-to", "none", "-np", str(RANKS), opts.mpi_exe]
    for threads, expected in (("2", 1), ("1", 0)):
        run = command + args[:-1] + [threads]
        try:
            result = subprocess.run(run, capture_output=True, text=True, timeout=TIME_LIMIT_S, env=mpi_env())
        except subprocess.TimeoutExpired:
            raise Failure(f"hang: {' '.join(run)} ran over {TIME_LIMIT_S} s")
        check(result.returncode == 0, f"{' '.join(run)}: exit {result.returncode}\n{result.stderr}")
        check(counts(result.stdout) == single, f"{' '.join(run)}: {counts(result.stdout)} != single {single}")
        warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
        check(len(warnings) == expected, f"--threads {threads} on one CPU: {len(warnings)} warning lines, "
              f"expected {expected}:\n{result.stderr}")
        if expected:
            check(f"{RANKS - 1} of {RANKS - 1} counting ranks" in warnings[0] and "--bind-to none" in warnings[0],
                  f"the warning does not say which ranks or what to do: {warnings[0]}")
    print("binding: ranks on one CPU asked for 2 threads get one warning line and the right counts; "
          "with 1 thread, none")


CHECKS = {"vectors": check_vectors, "one-rank": check_one_rank, "checkpoint": check_checkpoint,
          "mismatch": check_mismatch, "bad-args": check_bad_args, "dead-worker": check_dead_worker,
          "binding": check_binding}


if __name__ == "__main__":
    sys.exit(main(CHECKS, ["--vectors"]))
