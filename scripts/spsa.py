#!/usr/bin/env python3
"""Tunes the engine's numeric options by SPSA, as fishtest does, with games of our arena.

Simultaneous perturbation stochastic approximation: at iteration k every
parameter is pushed by +c_k or -c_k (a random sign each), the two engines
(theta + c_k * flip and theta - c_k * flip) play a few pairs of games (each
opening twice, colours reversed), and every parameter moves by
R_k * c_k * result * flip, where result is the first engine's wins minus its
losses. The gains follow fishtest's schedule: c_k = c / k^gamma and
a_k = a / (A + k)^alpha with R_k = a_k / c_k^2, set so that at the last
iteration c_k is the parameter's c_end and R_k its r_end.

A parameter is NAME,START,MIN,MAX,C_END,R_END (fishtest's format; START may
be "default": the engine's own default). Every option the protocol lists as
a spin can be tuned: margins, reductions, evaluation weights.

usage: scripts/spsa.py --param lmr_r1,default,1,40,2,0.002 [--param ...]
         [--engine build/leiserchess] [--edition 2018] [--tc 5+0.05 | --nodes N]
         [--iterations 200] [--pairs 2] [--concurrency 2] [--openings FILE]
         [--option Eval=classic ...] [--seed 1] [--log spsa.tsv] [--resume]
       scripts/spsa.py --simulate ...   (the same updates against a model of
         known optimum instead of games: what the tests run)

Each iteration appends a row to --log (tab-separated: iteration, the games'
result, every parameter's theta after it), so that a stopped run can go on
with --resume. At the end it prints the tuned values as the --new-option
flags of the scripts/sprt.py run that must accept them: SPSA finds where the
parameters drift, an SPRT decides whether they are stronger.
"""

import argparse
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

from sprt import ROOT, engine_spec, openings_file  # the same engines and books as an SPRT


class Param:
    def __init__(self, spec, defaults):
        fields = spec.split(",")
        if len(fields) != 6:
            raise SystemExit("spsa: --param %s: want NAME,START,MIN,MAX,C_END,R_END" % spec)
        self.name = fields[0]
        if fields[1] == "default":
            if self.name not in defaults:
                raise SystemExit("spsa: the engine has no spin option %s" % self.name)
            fields[1] = defaults[self.name]
        self.start, self.low, self.high, self.c_end, self.r_end = (float(x) for x in fields[1:])
        if not self.low <= self.start <= self.high or self.c_end <= 0 or self.r_end <= 0:
            raise SystemExit("spsa: --param %s: want MIN <= START <= MAX and C_END, R_END > 0" % spec)
        self.theta = self.start

    def clamp(self, value):
        return min(self.high, max(self.low, value))


class Schedule:
    """fishtest's gains, fixed by each parameter's c_end and r_end at the last iteration."""

    def __init__(self, iterations, alpha=0.602, gamma=0.101, a_ratio=0.1):
        self.n = iterations
        self.alpha = alpha
        self.gamma = gamma
        self.big_a = a_ratio * iterations

    def c(self, param, k):
        return param.c_end * (self.n ** self.gamma) / (k ** self.gamma)

    def r(self, param, k):
        a_end = param.r_end * param.c_end ** 2
        a = a_end * (self.big_a + self.n) ** self.alpha
        return (a / (self.big_a + k) ** self.alpha) / self.c(param, k) ** 2


def perturbed(params, schedule, k, rng):
    """The flips and the two engines' values for iteration k (spin options take integers)."""
    flips = [rng.choice((-1, 1)) for _ in params]
    plus, minus = [], []
    for p, f in zip(params, flips):
        step = schedule.c(p, k) * f
        plus.append(int(round(p.clamp(p.theta + step))))
        minus.append(int(round(p.clamp(p.theta - step))))
    return flips, plus, minus


def update(params, schedule, k, flips, result):
    for p, f in zip(params, flips):
        p.theta = p.clamp(p.theta + schedule.r(p, k) * schedule.c(p, k) * result * f)


def engine_defaults(engine):
    """The engine's spin options and their defaults, from its `uci` reply."""
    out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True, timeout=60).stdout
    return dict(re.findall(r"option name (\S+) type spin default (-?\d+)", out))


def play(args, names, plus, minus, seed, workdir):
    """Plays --pairs pairs of theta+ against theta-; the first engine's wins minus losses."""

    def spec(label, values):
        options = ["%s=%d" % (name, value) for name, value in zip(names, values)] + args.option
        return engine_spec(label, args.engine_copy, options) + (",nodes=%d" % args.nodes if args.nodes else "")

    cmd = [args.engine_copy, "arena", "--engine", spec("plus", plus), "--engine", spec("minus", minus),
           "--edition", args.edition] + ([] if args.nodes else ["--tc", args.tc]) + [
           "--openings", args.openings, "--shuffle",
           "--seed", str(seed), "--games", str(2 * args.pairs), "--concurrency", str(args.concurrency),
           "--pgn", os.path.join(workdir, "games.pgn")]
    done = subprocess.run(cmd, capture_output=True, text=True)
    wdl = re.search(r"plus vs minus: W (\d+) D (\d+) L (\d+)", done.stdout)
    if done.returncode != 0 or not wdl:
        raise SystemExit("spsa: the arena failed:\n%s\n%s" % (" ".join(cmd), done.stderr[-2000:]))
    return int(wdl.group(1)) - int(wdl.group(3))


def simulated(optimum, scale, elo_per_unit):
    """A model of known optimum: Elo = -elo_per_unit * sum(((theta - optimum) / scale)^2)."""

    def strength(values):
        return -elo_per_unit * sum(((v - o) / s) ** 2 for v, o, s in zip(values, optimum, scale))

    def game_pairs(pairs, plus, minus, rng):
        diff = strength(plus) - strength(minus)
        expected = 1 / (1 + 10 ** (-diff / 400))
        result = 0
        for _ in range(2 * pairs):
            x = rng.random()
            # A third of the games drawn, the rest decisive in the model's odds.
            if x < expected * 2 / 3:
                result += 1
            elif x > 1 - (1 - expected) * 2 / 3:
                result -= 1
        return result

    return game_pairs


def read_log(path, params):
    """The last iteration logged and each parameter's theta after it (for --resume)."""
    with open(path) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    header, rows = rows[0], rows[1:]
    if header[2:] != [p.name for p in params]:
        raise SystemExit("spsa: %s tunes %s, not these parameters" % (path, ", ".join(header[2:])))
    if not rows:
        return 0
    for p, value in zip(params, rows[-1][2:]):
        p.theta = float(value)
    return int(rows[-1][0])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--param", action="append", default=[], required=True)
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--edition", default="2018", choices=("2016", "2018"))
    parser.add_argument("--tc", default="5+0.05")
    parser.add_argument("--nodes", type=int, default=0,
                        help="nodes per move instead of a clock (quick, repeatable games)")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--pairs", type=int, default=2, help="pairs of games per iteration")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--openings")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for both engines")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", default="spsa.tsv")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--simulate", action="store_true",
                        help="play no games: the model's optimum is each parameter's MIN + 3/4 (MAX - MIN)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.pairs < 1:
        raise SystemExit("spsa: --iterations and --pairs must be at least 1")

    defaults = {} if args.simulate else engine_defaults(args.engine)
    params = [Param(spec, defaults) for spec in args.param]
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise SystemExit("spsa: a parameter is named twice")
    schedule = Schedule(args.iterations)
    rng = random.Random(args.seed)

    first = 1
    if args.resume and os.path.exists(args.log):
        first = read_log(args.log, params) + 1
        rng = random.Random(args.seed * 1000003 + first)
    else:
        with open(args.log, "w") as f:
            f.write("\t".join(["iteration", "result"] + names) + "\n")

    if args.simulate:
        model = simulated([p.low + 0.75 * (p.high - p.low) for p in params],
                          [(p.high - p.low) / 4 for p in params], 60.0)
        game_pairs = lambda plus, minus, k: model(args.pairs, plus, minus, rng)  # noqa: E731
        workdir = None
    else:
        workdir = tempfile.mkdtemp(prefix="spsa-")
        args.openings = openings_file(args.engine, args.edition, args.openings, workdir)
        # A copy, so that rebuilding ./build during the run changes nothing.
        args.engine_copy = os.path.join(workdir, "leiserchess")
        shutil.copy2(args.engine, args.engine_copy)
        game_pairs = lambda plus, minus, k: play(args, names, plus, minus, args.seed * 100003 + k, workdir)  # noqa: E731

    started = time.time()
    total = 0
    for k in range(first, args.iterations + 1):
        flips, plus, minus = perturbed(params, schedule, k, rng)
        result = game_pairs(plus, minus, k)
        total += result
        update(params, schedule, k, flips, result)
        with open(args.log, "a") as f:
            f.write("\t".join([str(k), str(result)] + ["%.3f" % p.theta for p in params]) + "\n")
        if not args.quiet:
            print("spsa: %d/%d result %+d  %s  (%.0f s)" % (
                k, args.iterations, result, " ".join("%s=%.2f" % (p.name, p.theta) for p in params),
                time.time() - started), file=sys.stderr)
    tuned = ["%s=%d" % (p.name, int(round(p.theta))) for p in params]
    print("tuned: " + " ".join(tuned))
    print("start: " + " ".join("%s=%d" % (p.name, int(round(p.start))) for p in params))
    if not args.simulate:
        print("accept by: scripts/sprt.py --edition %s %s" % (
            args.edition, " ".join("--new-option " + t for t in tuned)))
        shutil.rmtree(workdir, ignore_errors=True)
    return params


if __name__ == "__main__":
    main()
