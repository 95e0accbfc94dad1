#!/usr/bin/python3
"""Writes contract-conformant synthetic training data (`.bin`) for tests.

Each record is a random legal-looking board: one King per side and 0..7 Pawns
per side on distinct squares, random orientations, a random side to move. The
score is a known function of the board, from the side to move's view:

    100 * (my Pawns - their Pawns) + 25 * (my Pawns - their Pawns in the centre 4x4)
    + Gaussian noise (sd 15)

and the result is drawn from the win probability sigmoid(score / 400). About
one record in a hundred carries a mate score (|score| >= 30000), which the
trainer must drop. Usage:

    python3 nnue/train/make_synthetic.py --out synth.bin --positions 4000 [--edition 2018] [--seed 1]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import interpreter  # noqa: E402

interpreter.ensure_modules("numpy")

import numpy as np  # noqa: E402

import contract  # noqa: E402
import data  # noqa: E402

MAX_PAWNS = 7
POSITIONS_PER_GAME = 40
CENTRE = np.zeros(64, dtype=bool)
for _rank in range(2, 6):
    CENTRE[_rank * 8 + 2 : _rank * 8 + 6] = True


def _bitboards(squares, present):
    """(n,) uint64: the bitboard of the present squares of each row."""
    bits = np.where(present, np.left_shift(np.uint64(1), squares.astype(np.uint64)), np.uint64(0))
    return np.bitwise_or.reduce(bits, axis=1)


def synthetic_records(count, seed):
    """A structured array of `count` records of RECORD_DTYPE."""
    rng = np.random.default_rng(seed)
    # 2 Kings then 7 + 7 Pawn slots on distinct squares; a Pawn slot is used
    # when its index is below the side's Pawn count.
    squares = np.argsort(rng.random((count, 64)), axis=1)[:, : 2 + 2 * MAX_PAWNS]
    pawn_counts = rng.integers(0, MAX_PAWNS + 1, size=(count, 2))
    slot = np.arange(MAX_PAWNS)
    tangerine_pawns = slot[None, :] < pawn_counts[:, :1]
    lavender_pawns = slot[None, :] < pawn_counts[:, 1:]
    ones = np.ones((count, 1), dtype=bool)
    tangerine_present = np.concatenate([ones, ~ones, tangerine_pawns, np.zeros_like(lavender_pawns)], axis=1)
    lavender_present = np.concatenate([~ones, ones, np.zeros_like(tangerine_pawns), lavender_pawns], axis=1)
    present = tangerine_present | lavender_present
    orientation = rng.integers(0, 4, size=squares.shape)

    records = np.zeros(count, dtype=data.RECORD_DTYPE)
    records["tangerine"] = _bitboards(squares, tangerine_present)
    records["lavender"] = _bitboards(squares, lavender_present)
    records["kings"] = _bitboards(squares[:, :2], np.ones((count, 2), dtype=bool))
    records["orientation_low"] = _bitboards(squares, present & ((orientation & 1) == 1))
    records["orientation_high"] = _bitboards(squares, present & ((orientation & 2) == 2))
    records["game"] = np.arange(count) // POSITIONS_PER_GAME
    side_to_move = rng.integers(0, 2, size=count)
    records["side_to_move"] = side_to_move

    in_centre = CENTRE[squares]
    centre_counts = np.stack(
        [(tangerine_pawns & in_centre[:, 2:9]).sum(axis=1), (lavender_pawns & in_centre[:, 9:16]).sum(axis=1)], axis=1
    )
    sign = np.where(side_to_move == 0, 1, -1)
    material = sign * (pawn_counts[:, 0] - pawn_counts[:, 1])
    centre = sign * (centre_counts[:, 0] - centre_counts[:, 1])
    score = np.rint(100 * material + 25 * centre + rng.normal(0, 15, size=count))
    win_probability = 1 / (1 + np.exp(-score / 400))
    draw = rng.random(count) < 0.1
    result = np.where(draw, 0, np.where(rng.random(count) < win_probability, 1, -1))
    mate = rng.random(count) < 0.01
    score = np.where(mate, np.where(result >= 0, 30500, -30500), score)
    records["score"] = score.astype(np.int16)
    records["result"] = result.astype(np.int8)
    return records


def write_data(path, records, edition):
    with open(path, "wb") as f:
        f.write(data.header_bytes(edition))
        f.write(records.tobytes())


def main():
    parser = argparse.ArgumentParser(description="Write synthetic NNUE training data.")
    parser.add_argument("--out", required=True)
    parser.add_argument("--positions", type=int, default=4000)
    parser.add_argument("--edition", type=int, default=2018, choices=contract.EDITIONS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    write_data(args.out, synthetic_records(args.positions, args.seed), args.edition)
    print(f"wrote {args.positions} records to {args.out}")


if __name__ == "__main__":
    main()
