#!/usr/bin/env python3
"""How deep and how long each engine of a match searched, from the arena's PGN.

usage: scripts/pgn_depths.py GAMES.pgn

The arena writes each move's comment as {score/depth time}, "{book}" for an
opening move. For every engine (the Tangerine and Lavender tags name who
played which colour) this prints the moves counted, the mean depth, the mean
time per move and how many moves reached each depth. Moves with a mate score
are left out: their depth is the mate's, not the clock's.
"""

import collections
import re
import sys

COMMENT = re.compile(r"\{([^}]*)\}")
SEARCHED = re.compile(r"^([+-]?[\d.]+|[+-]?M\d+)/(\d+) ([\d.]+)s$")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().split("\n\n")[1])
    depths = collections.defaultdict(list)
    times = collections.defaultdict(list)
    with open(sys.argv[1]) as f:
        games = f.read().split("[Event ")[1:]
    for game in games:
        tangerine = re.search(r'\[Tangerine "([^"]+)"\]', game)
        lavender = re.search(r'\[Lavender "([^"]+)"\]', game)
        if not tangerine or not lavender or "\n\n" not in game:
            continue
        movetext = game.split("\n\n", 1)[1]
        # Comments alternate colours from Tangerine's first move on, book moves included.
        for ply, comment in enumerate(COMMENT.findall(movetext)):
            found = SEARCHED.match(comment.strip())
            if not found or "M" in found.group(1):
                continue
            engine = (tangerine if ply % 2 == 0 else lavender).group(1)
            depths[engine].append(int(found.group(2)))
            times[engine].append(float(found.group(3)))
    print("| engine | moves | mean depth | mean time (s) | moves per depth |")
    print("|---|---:|---:|---:|---|")
    for engine in sorted(depths):
        d, t = depths[engine], times[engine]
        spread = ", ".join("%d: %d" % kv for kv in sorted(collections.Counter(d).items()))
        print("| %s | %d | %.2f | %.3f | %s |" % (engine, len(d), sum(d) / len(d), sum(t) / len(t), spread))


if __name__ == "__main__":
    main()
