#!/usr/bin/env python3
"""`leiserchess gendata`: the same games for the same seed whatever the thread
count or the share of the games (--first-game, --game-stride), a run resumed after an interruption ends with the same records as one
run straight through, and bad arguments or files are refused with one line.

usage: gendata_resume.py LEISERCHESS
"""
import os
import subprocess
import sys
import tempfile

from data_file import by_game, fail, records


def gendata(engine, out, games, threads, *extra, expect=0):
    command = [engine, "gendata", "--edition", "2016", "--games", str(games), "--nodes", "300",
               "--threads", str(threads), "--seed", "5", "--out", out, *extra]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != expect:
        fail(f"{' '.join(command)} exited {result.returncode}, expected {expect}:\n{result.stderr}")
    return result


def check_records(rows):
    for row in rows:
        tangerine, lavender, kings, low, high, _game, score, result, side = row
        occupied = tangerine | lavender
        if tangerine & lavender or (kings | low | high) & ~occupied:
            fail(f"inconsistent planes in {row}")
        if bin(kings & tangerine).count("1") != 1 or bin(kings & lavender).count("1") != 1:
            fail(f"a record without exactly one King per side: {row}")
        if result not in (-1, 0, 1) or side not in (0, 1) or abs(score) >= 30000:
            fail(f"bad score, result or side in {row}")


def main():
    engine = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        straight = os.path.join(tmp, "straight.bin")
        gendata(engine, straight, 8, 1)
        reference = by_game(records(straight))
        check_records(records(straight))
        if len(reference) < 6:
            fail(f"only {len(reference)} of 8 games have records")
        # Each game's records are written together, in the order played.
        order = [row[5] for row in records(straight)]
        if any(order[i] != order[i - 1] and order[i] in order[:i] for i in range(1, len(order))):
            fail("a game's records are not contiguous")
        # Results: every record of a game agrees on who won (sign flips with the side to move).
        for game, rows in reference.items():
            winners = {row[7] * (1 if row[8] == 0 else -1) for row in rows}
            if len(winners) != 1:
                fail(f"game {game}: records disagree on the result: {winners}")

        parallel = os.path.join(tmp, "parallel.bin")
        gendata(engine, parallel, 8, 2)
        if by_game(records(parallel)) != reference:
            fail("two threads played other games than one thread (same seed)")

        # Shares (--first-game I --game-stride 3): each file holds its games only,
        # and together they hold the straight run's games, record for record.
        shares = {}
        for first in range(3):
            share = os.path.join(tmp, f"share{first}.bin")
            gendata(engine, share, 8, 2, "--first-game", str(first), "--game-stride", "3")
            shares[first] = by_game(records(share))
            if any(game % 3 != first for game in shares[first]):
                fail(f"share {first} holds games {sorted(shares[first])}")
        union = {game: rows for share in shares.values() for game, rows in share.items()}
        if union != reference:
            fail("the three shares together differ from the straight run")
        result = gendata(engine, os.path.join(tmp, "share0.bin"), 8, 1, "--first-game", "0", "--game-stride", "2",
                         expect=2)
        if "not of this run's share" not in result.stderr:
            fail(f"a file of another share not refused: {result.stderr}")
        if by_game(records(os.path.join(tmp, "share0.bin"))) != shares[0]:
            fail("a refused share changed its file")

        # Interrupted: the first 4 games, then a record cut in half; the resumed run
        # replays the last game and the missing ones.
        resumed = os.path.join(tmp, "resumed.bin")
        gendata(engine, resumed, 4, 1)
        with open(resumed, "ab") as f:
            f.write(b"\x01" * 20)
        result = gendata(engine, resumed, 8, 2)
        if "resuming" not in result.stderr:
            fail(f"no 'resuming' message: {result.stderr}")
        if by_game(records(resumed)) != reference:
            fail("the resumed file differs from the straight run")
        size = os.path.getsize(resumed)
        gendata(engine, resumed, 8, 2)  # nothing left but the last game, replayed in place
        if os.path.getsize(resumed) != size or by_game(records(resumed)) != reference:
            fail("running a finished file again changed it")

        # Refusals: one error line, exit 2, the file untouched.
        result = gendata(engine, resumed, 8, 1, "--edition", "2018", expect=2)
        if "2016 data" not in result.stderr:
            fail(f"edition mismatch not reported: {result.stderr}")
        notdata = os.path.join(tmp, "notdata.bin")
        with open(notdata, "w") as f:
            f.write("hello, this is not training data\n")
        result = gendata(engine, notdata, 2, 1, expect=2)
        if "not a training data file" not in result.stderr:
            fail(f"a foreign file not reported: {result.stderr}")
        for bad in (["--games", "0"], ["--nodes", "x"], ["--bogus", "1"], ["nosuchoption=1"],
                    ["--first-game", "3", "--game-stride", "3"], ["--game-stride", "0"]):
            result = gendata(engine, os.path.join(tmp, "never.bin"), 2, 1, *bad, expect=2)
            if not result.stderr.startswith("error: gendata:"):
                fail(f"{bad}: {result.stderr}")
        if os.path.exists(os.path.join(tmp, "never.bin")):
            fail("a refused run created its output file")
        if os.path.getsize(resumed) != size:
            fail("a refused run changed an existing file")
    print("PASS")


if __name__ == "__main__":
    main()
