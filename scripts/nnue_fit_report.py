#!/usr/bin/env python3
"""How well each evaluation predicts a search: the classic terms, the built-in
network and net files, on positions none of them was trained on.

usage: scripts/nnue_fit_report.py [--exe build/leiserchess] --edition 2016|2018
         [--data FILE | --games G --nodes N --seed S [--label-option NAME=VALUE ...]]
         [--eval classic|nnue|NET.nnue ...]

Without --data it first plays fresh self-play games with `leiserchess gendata`
(seeded and node-limited, so the same arguments give the same file) into a
temporary folder; --label-option sets the engine options of the search whose
scores are the labels (Eval=classic: a classic search's scores, as the
training data of the first nets were). Then `leiserchess evaldata` gives each
evaluation of every record, and the script prints one Markdown table: the mean
squared error in win-probability space (sigmoid(cp / 400), the trainer's
scale, against the search score), how often the evaluation's sign agrees with
the search's, and the mean absolute error in centipawns with both clipped at
1000. Records with a mate score are left out. The command that made the
table is printed above it.
"""

import argparse
import datetime
import math
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATE_SCORE_THRESHOLD = 30000  # nnue/train/contract.py
SIGMOID_SCALE = 400.0  # nnue/train/train.py --scale
CLIP_CP = 1000


def log(text):
    print("nnue_fit_report: " + text, file=sys.stderr, flush=True)


def run(command):
    log(" ".join(shlex.quote(c) for c in command))
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit("nnue_fit_report: %s failed (%d): %s" % (command[1], done.returncode, done.stderr.strip()))
    return done.stdout


def evaluation_options(name):
    """The engine options of an evaluation named on the command line."""
    if name == "classic":
        return ["Eval=classic"]
    if name == "nnue":
        return ["Eval=nnue"]
    return ["EvalFile=" + os.path.abspath(name), "Eval=nnue"]


def read_rows(text):
    """(eval, score) of every record without a mate score."""
    rows = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        _, evaluation, score, _ = (int(w) for w in line.split())
        if abs(score) < MATE_SCORE_THRESHOLD:
            rows.append((evaluation, score))
    return rows


def sigmoid(cp):
    return 1.0 / (1.0 + math.exp(-cp / SIGMOID_SCALE))


def clip(cp):
    return max(-CLIP_CP, min(CLIP_CP, cp))


def fit(rows):
    """(squared error, share of agreeing signs, mean absolute error) over rows."""
    squared = sum((sigmoid(e) - sigmoid(s)) ** 2 for e, s in rows) / len(rows)
    signed = [(e, s) for e, s in rows if s != 0]
    agree = sum(1 for e, s in signed if (e > 0) == (s > 0) and e != 0) / max(1, len(signed))
    absolute = sum(abs(clip(e) - clip(s)) for e, s in rows) / len(rows)
    return squared, agree, absolute


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exe", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--edition", required=True, choices=["2016", "2018"])
    parser.add_argument("--data", help="a gendata file to use instead of playing new games")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2, help="gendata's games at once")
    parser.add_argument("--label-option", action="append", default=[], metavar="NAME=VALUE",
                        help="an engine option of the labelling search (repeatable)")
    parser.add_argument("--eval", action="append", metavar="classic|nnue|NET.nnue",
                        help="an evaluation to compare (repeatable; default: classic and nnue)")
    args = parser.parse_args()
    exe = os.path.abspath(args.exe)
    if not os.access(exe, os.X_OK):
        sys.exit("nnue_fit_report: %s is not built (bash scripts/bootstrap.sh)" % exe)
    evaluations = args.eval or ["classic", "nnue"]

    with tempfile.TemporaryDirectory(prefix="nnue-fit-") as work:
        data = args.data
        if not data:
            data = os.path.join(work, "data.bin")
            run([exe, "gendata", "--edition", args.edition, "--games", str(args.games), "--nodes",
                 str(args.nodes), "--threads", str(args.threads), "--seed", str(args.seed), "--out", data]
                + args.label_option)
        results = []
        for name in evaluations:
            rows = read_rows(run([exe, "evaldata", data] + evaluation_options(name)))
            if not rows:
                sys.exit("nnue_fit_report: %s holds no record without a mate score" % data)
            results.append((name, len(rows)) + fit(rows))

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                            text=True).stdout.strip()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(shlex.quote(a) for a in ["scripts/nnue_fit_report.py"] + sys.argv[1:])
    labels = " ".join(args.label_option) or "the engine's defaults"
    source = ("`%s`" % args.data) if args.data else (
        "%d fresh games of `gendata` at %d nodes (seed %d), labelled by a search with %s" % (
            args.games, args.nodes, args.seed, labels))
    print("Edition %s, %s; %s, commit %s. Command: `%s`\n" % (args.edition, source, date, commit, command))
    print("| evaluation | records | squared error | sign agrees with the search | "
          "mean absolute error (cp, clipped at %d) |" % CLIP_CP)
    print("|---|---:|---:|---:|---:|")
    for name, count, squared, agree, absolute in results:
        label = {"classic": "classic terms", "nnue": "built-in net"}.get(name, "`%s`" % name)
        print("| %s | %d | %.5f | %.1f%% | %.1f |" % (label, count, squared, 100 * agree, absolute))


if __name__ == "__main__":
    main()
