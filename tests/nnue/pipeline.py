#!/usr/bin/env python3
"""End-to-end NNUE pipeline on a tiny data set (issue 16's pipeline test).

usage: pipeline.py LEISERCHESS REPO_ROOT

1. `leiserchess gendata` writes a few thousand 2016 positions;
2. nnue/train/train.py trains two epochs on them (the loss must fall) and
   exports a net file;
3. nnue/train/infer.py, the trainer's own integer inference, scores records;
4. the engine loads the net through the protocol (EvalFile, Eval nnue) and its
   `eval` of the same positions must equal infer.py's numbers exactly;
5. a missing and a corrupt net file are refused with one error line each and
   the engine keeps the net it had.
Needs Debian's python3-torch (nnue/train/setup.sh installs it; the trainer's
scripts find it under /usr/bin/python3 when the python3 on PATH lacks it).
"""
import json
import os
import subprocess
import sys
import tempfile

from data_file import fail, records as read_records

KING_LETTERS = "NESW"
PAWN_CODES = ("NW", "NE", "SE", "SW")
CHECKED_POSITIONS = 300


def fen_of(record):
    """The record's position in FEN (RULES.md), written independently of the engine."""
    tangerine, lavender, kings, low, high, _game, _score, _result, side = record
    ranks = []
    for rank in range(7, -1, -1):
        text, empty = "", 0
        for file in range(8):
            square = rank * 8 + file
            bit = 1 << square
            if not (tangerine | lavender) & bit:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            orientation = (1 if low & bit else 0) | (2 if high & bit else 0)
            code = KING_LETTERS[orientation] * 2 if kings & bit else PAWN_CODES[orientation]
            text += code.lower() if lavender & bit else code
        if empty:
            text += str(empty)
        ranks.append(text)
    return "/".join(ranks) + (" B" if side else " W")


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def engine_session(engine, lines):
    result = subprocess.run([engine], input="\n".join(lines + ["quit"]) + "\n", capture_output=True, text=True,
                            timeout=300)
    if result.returncode != 0:
        fail(f"engine exited {result.returncode}: {result.stderr}")
    return result.stdout.splitlines()


def scores(output):
    return [int(line.split()[3]) for line in output if line.startswith("info score cp ")]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    engine, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    train = os.path.join(root, "nnue", "train", "train.py")
    infer = os.path.join(root, "nnue", "train", "infer.py")
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "tiny.bin")
        net = os.path.join(tmp, "tiny.nnue")
        log = os.path.join(tmp, "log.json")
        # The classic evaluation plays the games, so that the data (and the
        # positions-per-game floor below) do not depend on the built-in net.
        # 80 games: with late-move pruning on by default the games are
        # shorter, and 60 of them gave 1944 positions.
        games = 80
        run([engine, "gendata", "--edition", "2016", "--games", str(games), "--nodes", "300", "--threads", "2",
             "--seed", "11", "--out", data, "Eval=classic"])
        records = read_records(data)
        print(f"gendata: {len(records)} positions")
        if len(records) < 2000:
            fail(f"only {len(records)} positions from {games} games")

        run([sys.executable, train, "--data", data, "--out", net, "--epochs", "2", "--seed", "1",
             "--threads", "2", "--log", log, "--batch-size", "256"])
        with open(log) as f:
            history = json.load(f)
        train_losses = [epoch["train_loss"] for epoch in history["epochs"]]
        val_losses = [epoch["val_loss"] for epoch in history["epochs"]]
        print("validation loss before training and per epoch:", history["initial_val_loss"], val_losses,
              "training loss per epoch:", train_losses)
        if not val_losses[-1] < history["initial_val_loss"] or not train_losses[1] < train_losses[0]:
            fail("the loss did not fall")

        lines = run([sys.executable, infer, "--net", net, "--data", data, "--limit",
                     str(CHECKED_POSITIONS)]).stdout.split("\n")
        expected = [int(line.split()[1]) for line in lines if line.strip()]
        if len(expected) != min(CHECKED_POSITIONS, len(records)):
            fail(f"infer.py printed {len(expected)} scores")

        commands = ["setoption name edition value 2016", f"setoption name EvalFile value {net}",
                    "setoption name Eval value nnue"]
        for record in records[:len(expected)]:
            commands += [f"position fen {fen_of(record)}", "eval"]
        output = engine_session(engine, commands)
        errors = [line for line in output if line.startswith("info string error") or "error" in line.split()[:2]]
        if errors:
            fail("engine errors: " + "; ".join(errors[:3]))
        got = scores(output)
        if got != expected:
            diffs = [(i, e, g) for i, (e, g) in enumerate(zip(expected, got)) if e != g]
            fail(f"engine and infer.py disagree on {len(diffs)} of {len(expected)} (first: {diffs[:3]}), "
                 f"{len(got)} scores from the engine")
        if len(set(got)) < 10:
            fail(f"the network gives only {len(set(got))} distinct scores on {len(got)} positions")
        print(f"engine == infer.py on {len(got)} positions")

        # Bad files: one error line each, and the loaded net stays in use.
        corrupt = os.path.join(tmp, "corrupt.nnue")
        with open(net, "rb") as f:
            blob = bytearray(f.read())
        blob[len(blob) // 2] ^= 0x55
        with open(corrupt, "wb") as f:
            f.write(blob)
        probe = f"position fen {fen_of(records[0])}"
        output = engine_session(engine, commands[:3] + [
            probe, "eval", f"setoption name EvalFile value {corrupt}", "eval",
            f"setoption name EvalFile value {os.path.join(tmp, 'missing.nnue')}", "eval"])
        error_lines = [line for line in output if "EvalFile" in line]
        if len(error_lines) != 2 or not all("kept" in line for line in error_lines):
            fail(f"expected two EvalFile errors saying the net is kept, got {error_lines}")
        kept = scores(output)
        if kept != [expected[0]] * 3:
            fail(f"the engine's evaluation changed after refused net files: {kept}, expected {expected[0]}")
        print("corrupt and missing net files refused, net kept:", error_lines)
    print("PASS")


if __name__ == "__main__":
    main()
