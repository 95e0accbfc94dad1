#!/usr/bin/env python3
"""Makes a network from nothing with one command: self-play data by
`leiserchess gendata`, then nnue/train/train.py, then the SPRT command that
decides whether the net may replace the built-in one (issue 42, "training
reproducible from one command").

usage: scripts/make_net.py --edition 2016 --games 40000 --nodes 8000 --seed 7016
         --work DIR [--threads 2] [--openings FILE] [--random-plies 8]
         [--epochs 45] [--lr-decay 0.95] [--train-threads 1] [--init-from NET]
         [--exe build/leiserchess] [--gendata-option name=value ...]

Every step is resumable: gendata appends to DIR/data-<edition>.bin and plays
only the games the file lacks; a finished step (its output present and, for
the data, every game in it) is not repeated. Outputs, all in DIR (keep it out
of git): data-<edition>.bin, net-<edition>.nnue, train-<edition>.json (the
trainer's log: command, counts, losses, quantisation) and its loss plot.

Reproducible: the games are node-limited and seeded (game i from opening i of
the book, random plies from a generator seeded with the seed and i), so the
same command writes the same games; the trainer is deterministic for the same
data, seed and --train-threads. The data file holds whole games in the order
they finished, which with --threads above 1 may differ between runs; the
trainer orders the records by game index before it shuffles them (data.py),
so the net does not depend on it.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", required=True, choices=["2016", "2018"])
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--nodes", type=int, required=True, help="search nodes per move in the games")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--work", required=True, help="folder for the data, the net and the logs")
    parser.add_argument("--threads", type=int, default=2, help="games played at once")
    parser.add_argument("--openings", help="default: the course book for 2016, none for 2018")
    parser.add_argument("--random-plies", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=45)
    parser.add_argument("--lr-decay", type=float, default=0.95)
    parser.add_argument("--train-threads", type=int, default=1)
    parser.add_argument("--init-from", help="start training from this net's weights")
    parser.add_argument("--exe", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--gendata-option", action="append", default=[],
                        help="name=value set on the games' engines (e.g. Eval=classic)")
    args = parser.parse_args()

    # The trainer's modules, checked before an hour of games rather than after.
    missing = subprocess.run(["/usr/bin/python3", "-c", "import numpy, torch"],
                             capture_output=True, text=True)
    if missing.returncode != 0:
        last = (missing.stderr.strip().splitlines() or ["import failed"])[-1]
        sys.exit("make_net: the trainer cannot run (%s); run nnue/train/setup.sh first" % last)

    os.makedirs(args.work, exist_ok=True)
    data = os.path.join(args.work, "data-%s.bin" % args.edition)
    net = os.path.join(args.work, "net-%s.nnue" % args.edition)
    log = os.path.join(args.work, "train-%s.json" % args.edition)
    plot = os.path.join(args.work, "train-%s.png" % args.edition)
    openings = args.openings
    if openings is None and args.edition == "2016":
        openings = os.path.join(ROOT, "..", "shared", "openings", "book-2016.txt")

    gendata = [args.exe, "gendata", "--edition", args.edition, "--games", str(args.games),
               "--nodes", str(args.nodes), "--threads", str(args.threads),
               "--random-plies", str(args.random_plies), "--seed", str(args.seed), "--out", data]
    if openings:
        gendata += ["--openings", openings]
    gendata += args.gendata_option
    print("make_net: data: " + " ".join(gendata), file=sys.stderr)
    # gendata plays only the games the file lacks: a finished file costs a moment.
    subprocess.run(gendata, check=True)

    train = ["/usr/bin/python3", os.path.join(ROOT, "nnue", "train", "train.py"), "--data", data,
             "--out", net, "--epochs", str(args.epochs), "--lr-decay", str(args.lr_decay),
             "--seed", str(args.seed), "--threads", str(args.train_threads), "--log", log,
             "--plot", plot]
    if args.init_from:
        train += ["--init-from", args.init_from]
    if os.path.exists(net) and os.path.exists(log) and os.path.getmtime(net) > os.path.getmtime(data):
        print("make_net: %s is newer than its data: not trained again" % net, file=sys.stderr)
    else:
        print("make_net: train: " + " ".join(train), file=sys.stderr)
        subprocess.run(train, check=True)

    print("make_net: %s is made. Against the built-in net, by games:" % net, file=sys.stderr)
    print("  scripts/sprt.py --base worktree --new worktree --edition %s --new-option EvalFile=%s "
          "--note 'net from %d games of %d-node self-play'" % (args.edition, net, args.games,
                                                                args.nodes), file=sys.stderr)


if __name__ == "__main__":
    main()
