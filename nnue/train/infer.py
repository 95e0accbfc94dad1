#!/usr/bin/python3
"""Integer inference of a `.nnue` net in numpy: exactly the contract's steps.

This is the trainer's independent check of the engine: it uses only the net
file and the data's features, never the float model. Usage:

    python3 nnue/train/infer.py --net net.nnue --data f.bin [--limit N]

prints one line per record, "<index> <cp>", the centipawns from the side to
move's view, the same numbers the engine computes.
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
import netfile  # noqa: E402


def _wrap_int16(values):
    """values modulo 2^16 as int16 (the contract's wrapping accumulator)."""
    return (((values.astype(np.int64) + 2**15) & 0xFFFF) - 2**15).astype(np.int16)


def accumulators(tensors, features):
    """int16 (n, 128): ft_biases plus the rows of the active features, wrapping."""
    # int32 cannot overflow: a bias and at most 64 int16 rows. The padding
    # feature's row is zero.
    weights = np.concatenate(
        [tensors["ft_weights"].astype(np.int32), np.zeros((1, contract.FT_OUT), dtype=np.int32)]
    )
    sums = tensors["ft_biases"].astype(np.int32) + weights[features.astype(np.int64)].sum(axis=1, dtype=np.int32)
    return _wrap_int16(sums)


def evaluate_output(tensors, stm_acc, other_acc):
    """int64 (n,): the network's output before the conversion to centipawns (step 5)."""
    top = contract.ACTIVATION_SCALE
    h0 = np.concatenate([np.clip(stm_acc, 0, top), np.clip(other_acc, 0, top)], axis=1).astype(np.int64)
    z1 = tensors["l1_biases"].astype(np.int64) + h0 @ tensors["l1_weights"].astype(np.int64).T
    h1 = np.clip(z1 >> contract.WEIGHT_SHIFT, 0, top)  # >> on int64 is an arithmetic shift
    z2 = tensors["l2_biases"].astype(np.int64) + h1 @ tensors["l2_weights"].astype(np.int64).T
    h2 = np.clip(z2 >> contract.WEIGHT_SHIFT, 0, top)
    return tensors["out_bias"].astype(np.int64)[0] + h2 @ tensors["out_weights"].astype(np.int64)


def output_to_cp(out):
    """cp = (out * 100) / 8128 truncated towards zero, like C++ integer division."""
    scaled = out.astype(np.int64) * 100
    return np.sign(scaled) * (np.abs(scaled) // contract.OUTPUT_SCALE)


def evaluate(tensors, stm_features, other_features, chunk=4096):
    """(cp, largest |accumulator|): integer centipawns for each record."""
    cps, largest = [], 0
    for start in range(0, len(stm_features), chunk):
        stm_acc = accumulators(tensors, stm_features[start : start + chunk])
        other_acc = accumulators(tensors, other_features[start : start + chunk])
        largest = max(largest, int(np.abs(stm_acc.astype(np.int32)).max()), int(np.abs(other_acc.astype(np.int32)).max()))
        cps.append(output_to_cp(evaluate_output(tensors, stm_acc, other_acc)))
    return (np.concatenate(cps) if cps else np.zeros(0, dtype=np.int64)), largest


def evaluate_records(tensors, records):
    stm, other = data.side_to_move_features(records)
    return evaluate(tensors, stm, other)


def main():
    parser = argparse.ArgumentParser(description="Integer NNUE inference of the records of a .bin file.")
    parser.add_argument("--net", required=True, help=".nnue net file")
    parser.add_argument("--data", required=True, help=".bin training-data file")
    parser.add_argument("--limit", type=int, default=None, help="only the first N records")
    args = parser.parse_args()
    try:
        net_edition, _, tensors = netfile.read(args.net)
        data_edition, records = data.open_records(args.data)
    except (netfile.NetFileError, data.DataError, OSError) as error:
        sys.exit(f"infer.py: {error}")
    if net_edition != data_edition:
        sys.exit(f"infer.py: the net is for edition {net_edition}, the data is edition {data_edition}")
    if args.limit is not None:
        records = records[: max(args.limit, 0)]
    cps, _ = evaluate_records(tensors, np.asarray(records))
    sys.stdout.write("".join(f"{index} {cp}\n" for index, cp in enumerate(cps.tolist())))


if __name__ == "__main__":
    main()
