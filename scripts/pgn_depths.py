#!/usr/bin/env python3
"""How deep and how long each engine of a match searched, from the arena's PGN.

usage: scripts/pgn_depths.py GAMES.pgn [--by-ply N]

The arena writes each move's comment as {score/depth time}, "{book}" for an
opening move. For every engine (the Tangerine and Lavender tags name who
played which colour) this prints the moves counted, the mean depth, the mean
time per move and how many moves reached each depth. Moves with a mate score
are left out: their depth is the mate's, not the clock's. With --by-ply N it
also prints each engine's mean depth and time per move in spans of N plies
(the game's first ply is 0, book moves counted), where the clock runs shorter.
"""

import collections
import re
import sys

COMMENT = re.compile(r"\{([^}]*)\}")
SEARCHED = re.compile(r"^([+-]?[\d.]+|[+-]?M\d+)/(\d+) ([\d.]+)s$")


def main():
    args = sys.argv[1:]
    span = 0
    if len(args) == 3 and args[1] == "--by-ply" and args[2].isdigit() and int(args[2]) > 0:
        span = int(args[2])
        args = args[:1]
    if len(args) != 1:
        sys.exit(__doc__.strip().split("\n\n")[1])
    sys.argv[1:] = args
    depths = collections.defaultdict(list)
    times = collections.defaultdict(list)
    by_span = collections.defaultdict(lambda: collections.defaultdict(list))
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
            if span:
                by_span[engine][ply // span].append((int(found.group(2)), float(found.group(3))))
    print("| engine | moves | mean depth | mean time (s) | moves per depth |")
    print("|---|---:|---:|---:|---|")
    for engine in sorted(depths):
        d, t = depths[engine], times[engine]
        spread = ", ".join("%d: %d" % kv for kv in sorted(collections.Counter(d).items()))
        print("| %s | %d | %.2f | %.3f | %s |" % (engine, len(d), sum(d) / len(d), sum(t) / len(t), spread))
    if span:
        print()
        print("| engine | plies | moves | mean depth | mean time (s) |")
        print("|---|---|---:|---:|---:|")
        for engine in sorted(by_span):
            for index, moves in sorted(by_span[engine].items()):
                d = [m[0] for m in moves]
                t = [m[1] for m in moves]
                first = index * span
                print("| %s | %d-%d | %d | %.2f | %.3f |"
                      % (engine, first, first + span - 1, len(d), sum(d) / len(d), sum(t) / len(t)))


if __name__ == "__main__":
    main()
