#!/usr/bin/env python3
"""Positions from played games, as a FEN file for `leiserchess bench ... FILE`.

Reads arena PGN files and takes, from each game, the position after the book and then every
STEP plies, leaving out those whose mover's score was a mate (a mate search ends early and
says nothing of time to depth). The engine replays the moves (`position fen ... moves ...`,
then `display`, whose last line gives the FEN), so no rule is written twice. Positions are
taken game by game until COUNT; the output has a comment line saying where they came from.

Example (the positions games at 10+0.1 reach, for the thread-scaling table):
  scripts/game_positions.py --count 60 --step 12 --out /tmp/game-2016.fen GAMES.pgn
  build/leiserchess bench --scaling 1,2 8 2016 /tmp/game-2016.fen --rounds 3 hash=64
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
COMMENT = re.compile(r"\{([^}]*)\}")
MOVE_NUMBER = re.compile(r"^\d+\.+$")
RESULT = {"1-0", "0-1", "1/2-1/2", "*"}


def games(path):
    """Yields (tags, [(move, comment)]) for each game of a PGN file."""
    tags, text = {}, []
    with open(path) as f:
        lines = f.read().splitlines() + [""]
    for line in lines:
        m = TAG.match(line.strip())
        if m:
            if text:
                yield tags, parse_moves(" ".join(text))
                tags, text = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            text.append(line.strip())
    if text:
        yield tags, parse_moves(" ".join(text))


def parse_moves(text):
    moves = []
    pos = 0
    for token in re.finditer(r"\{[^}]*\}|\S+", text):
        word = token.group(0)
        if word.startswith("{"):
            if moves:
                moves[-1] = (moves[-1][0], word[1:-1])
            continue
        if MOVE_NUMBER.match(word) or word in RESULT:
            continue
        moves.append((word, ""))
    return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--exe", default=os.path.join(ROOT, "build", "leiserchess"))
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--step", type=int, default=12, help="plies between two positions of a game")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.count < 1 or args.step < 1:
        sys.exit("game_positions: --count and --step must be at least 1")
    wanted = []  # (edition, start FEN, moves before the position)
    # A book plays each opening twice, colours reversed: both games reach the position after
    # the book by the same moves, and the set would search it twice (2016's first set had 8
    # such pairs among its 60 positions).
    taken = set()
    for path in args.pgn:
        for tags, moves in games(path):
            if "FEN" not in tags:
                continue
            book = int(tags.get("OpeningPlies", "0"))
            for ply in range(book, len(moves), args.step):
                if "M" in moves[ply][1].split("/")[0]:
                    continue  # the mover saw a mate here
                position = (tags.get("Edition", "2018"), tags["FEN"], tuple(m for m, _ in moves[:ply]))
                if position in taken:
                    continue
                taken.add(position)
                wanted.append((position[0], position[1], list(position[2])))
            if len(wanted) >= args.count:
                break
        if len(wanted) >= args.count:
            break
    wanted = wanted[:args.count]
    if not wanted:
        sys.exit("game_positions: no position found in %s" % " ".join(args.pgn))
    script = ["uci"]
    for edition, fen, moves in wanted:
        script.append("setoption name edition value %s" % edition)
        script.append("position fen %s%s" % (fen, (" moves " + " ".join(moves)) if moves else ""))
        script.append("display")
    script.append("quit")
    out = subprocess.run([args.exe], input="\n".join(script) + "\n", capture_output=True, text=True)
    fens = re.findall(r", fen (.+)$", out.stdout, re.M)
    errors = [line for line in out.stdout.splitlines() if "error" in line]
    if len(fens) != len(wanted) or errors:
        sys.exit("game_positions: the engine gave %d FENs for %d positions%s" % (
            len(fens), len(wanted), (": " + errors[0]) if errors else ""))
    with open(args.out, "w") as f:
        f.write("# %d positions, every %d plies after the book, from %s (scripts/game_positions.py)\n" % (
            len(fens), args.step, ", ".join(os.path.basename(p) for p in args.pgn)))
        for fen in fens:
            f.write(fen.strip() + "\n")
    print("game_positions: %d positions in %s" % (len(fens), args.out))


if __name__ == "__main__":
    main()
