#!/usr/bin/env python3
"""How well an opening book separates two engines: the same pair of engines
(by default one search at twice the other's nodes, which is deterministic and
does not depend on the machine's load) plays each opening of each book twice,
colours reversed, and the pairs' pentanomial counts give the normalised Elo,
t = (mean pair score - 1/2) / its standard deviation. An SPRT's expected
length in pairs grows as 1/t^2 for a given difference, so the ratio of two
books' t^2 is how many times sooner SPRTs decide with one than with the other
(issue 42). Pairs split 1-1 (each side won with one colour) are the pairs an
opening decided: they carry no information about the engines.

usage: scripts/book_power.py --edition 2016 BOOK [BOOK ...] [--nodes 20000]
         [--concurrency 2] [--engine build/leiserchess]
"""

import argparse
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from pair_elo import pair_elo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PTNML = re.compile(r"pairs (\d+), Ptnml\(0-2\) (\d+) (\d+) (\d+) (\d+) (\d+)")


def play(engine, edition, book, nodes, concurrency):
    """The pentanomial counts of `nodes` x 2 against `nodes` on every line of `book`."""
    cmd = [engine, "arena",
           "--engine", "name=double,cmd=%s,nodes=%d,option.threads=1" % (engine, 2 * nodes),
           "--engine", "name=single,cmd=%s,nodes=%d,option.threads=1" % (engine, nodes),
           "--edition", edition, "--openings", book, "--concurrency", str(concurrency)]
    print("book_power: " + " ".join(cmd), file=sys.stderr)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    found = PTNML.findall(out)
    if not found:
        sys.exit("book_power: no pentanomial line in the arena's summary")
    return [int(x) for x in found[-1][1:]]


def stats(ptnml):
    # Elo of the mean pair score, and its 95% interval from the pairs' variance.
    estimate = pair_elo(ptnml)
    mean, var = estimate["mean"], estimate["variance"]
    t = (mean - 0.5) / math.sqrt(var) if var > 0 else float("inf")
    return {"pairs": estimate["pairs"], "elo": estimate["elo"], "margin": estimate["margin"],
            "t": t, "split": ptnml[2]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("books", nargs="+")
    parser.add_argument("--edition", default="2016", choices=["2016", "2018"])
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "leiserchess"))
    args = parser.parse_args()

    rows = []
    for book in args.books:
        ptnml = play(args.engine, args.edition, book, args.nodes, args.concurrency)
        rows.append((book, ptnml, stats(ptnml)))
    base_t2 = rows[0][2]["t"] ** 2
    print("Edition %s: %d nodes against %d, every line of each book twice, colours reversed.\n" % (
        args.edition, 2 * args.nodes, args.nodes))
    print("| book | pairs | Ptnml(0-2) | pairs split 1-1 | Elo (pairs, 95%) | t = normalised Elo "
          "| SPRT length against the first |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for book, ptnml, s in rows:
        ratio = base_t2 / s["t"] ** 2 if s["t"] not in (0, float("inf")) else float("nan")
        print("| %s | %d | %s | %d (%.0f%%) | %+.1f ± %.1f | %.3f | %.2fx |" % (
            os.path.relpath(book, ROOT) if os.path.isabs(book) else book, s["pairs"],
            " ".join(map(str, ptnml)), s["split"], 100.0 * s["split"] / s["pairs"], s["elo"], s["margin"],
            s["t"], ratio))


if __name__ == "__main__":
    main()
