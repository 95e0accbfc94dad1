#!/usr/bin/python3
"""Trains the NNUE network on `.bin` data and exports the engine's `.nnue` net.

    python3 nnue/train/train.py --data a.bin [b.bin ...] --out net.nnue
        [--epochs 10] [--batch-size 8192] [--lr 1e-3] [--lr-decay 0.9]
        [--lambda 1.0] [--scale 400] [--val-fraction 0.05] [--seed 1]
        [--threads 2] [--plot loss.png] [--log log.json] [--checkpoint net.pt]
        [--description TEXT] [--max-positions N] [--init-from net.nnue]

Loss: mean squared error in win-probability space. The prediction is
sigmoid(cp / scale) with cp = 100 * y, the network's output in Pawns; the target
mixes the search score and the game result, both from the side to move's view:

    target = lambda * sigmoid(score / scale) + (1 - lambda) * (result + 1) / 2

--init-from starts from a net file's weights (dequantised) instead of random ones,
to go on training a net on new data; its edition must be the data's.

Records with |score| >= 30000 (mate scores) are dropped. The same seed and data
give the same net, byte for byte, for the same --threads.
"""

import argparse
import json
import os
import sys
import time

# One BLAS thread: the dense layers are small, and OpenBLAS's own threads,
# spinning beside torch's on two shared cores, made them ten times slower.
# Must be set before numpy or torch loads the BLAS library.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import interpreter  # noqa: E402

interpreter.ensure_modules("numpy", "torch")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import contract  # noqa: E402
import data  # noqa: E402
import export  # noqa: E402
import infer  # noqa: E402
import netfile  # noqa: E402
from model import NnueModel  # noqa: E402

QUANTISATION_SAMPLE = 20000  # validation records on which float and integer nets are compared


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Train the Leiserchess NNUE network and export a .nnue net.")
    parser.add_argument("--data", nargs="+", required=True, help="one or more .bin files of one edition")
    parser.add_argument("--out", required=True, help="the .nnue file to write")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=8192)
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate in the first epoch")
    parser.add_argument("--lr-decay", type=float, default=0.9, help="the learning rate's factor per epoch")
    parser.add_argument("--lambda", dest="lam", type=float, default=1.0, help="weight of the score in the target (the rest: the result)")
    parser.add_argument("--scale", type=float, default=400.0, help="centipawns per unit of the sigmoid's argument")
    parser.add_argument("--val-fraction", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--plot", help="PNG of the training and validation loss per epoch")
    parser.add_argument("--log", help="JSON log: command, counts, losses, timings, quantisation")
    parser.add_argument("--checkpoint", help="save the float model's state_dict here (.pt)")
    parser.add_argument("--description", help="the net file's description (default: the command)")
    parser.add_argument("--max-positions", type=int, help="use only the first N usable records, in game order")
    parser.add_argument("--init-from", help="start from this .nnue net's weights instead of random ones")
    args = parser.parse_args(argv)
    if args.epochs < 1 or args.batch_size < 1 or args.threads < 1:
        parser.error("--epochs, --batch-size and --threads must be positive")
    if not 0.0 <= args.val_fraction < 1.0:
        parser.error("--val-fraction must be in [0, 1)")
    if not 0.0 <= args.lam <= 1.0:
        parser.error("--lambda must be in [0, 1]")
    return args


def make_deterministic(seed, threads):
    torch.manual_seed(seed)
    np.random.seed(seed)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)


def targets(records, lam, scale):
    """float32 (n,): the win probability the network is trained towards."""
    score = records["score"].astype(np.float64)
    result = records["result"].astype(np.float64)
    from_score = 1.0 / (1.0 + np.exp(-score / scale))
    from_result = (result + 1.0) / 2.0
    return (lam * from_score + (1.0 - lam) * from_result).astype(np.float32)


def loss_of(pawns, target, scale):
    """Mean squared error between sigmoid(100 * y / scale) and the target."""
    return torch.mean((torch.sigmoid(pawns * (100.0 / scale)) - target) ** 2)


class Dataset:
    """Features and targets of a set of records, as tensors ready for batching."""

    def __init__(self, records, lam, scale):
        stm, other = data.side_to_move_features(records)
        self.stm = torch.from_numpy(stm)
        self.other = torch.from_numpy(other)
        self.target = torch.from_numpy(targets(records, lam, scale))

    def __len__(self):
        return len(self.target)

    def batch(self, indices):
        return self.stm[indices].long(), self.other[indices].long(), self.target[indices]


def mean_loss(model, dataset, batch_size, scale):
    """The loss over a whole dataset (no gradient)."""
    model.eval()
    total = 0.0
    with torch.no_grad():
        for start in range(0, len(dataset), batch_size):
            indices = torch.arange(start, min(start + batch_size, len(dataset)))
            stm, other, target = dataset.batch(indices)
            total += loss_of(model(stm, other), target, scale).item() * len(indices)
    model.train()
    return total / max(len(dataset), 1)


def float_cp(model, dataset, count):
    model.eval()
    with torch.no_grad():
        stm, other, _ = dataset.batch(torch.arange(count))
        return (model(stm, other) * 100.0).double().numpy()


def load(args):
    """(edition, records read, usable records) from the data files."""
    edition, records = data.load_records(args.data)
    # Whole games in the order of their index: gendata with several threads
    # writes each game's records together but the games in the order they
    # finished, so the same games come in another order from run to run; a
    # stable sort by game makes the net depend on the games alone.
    records = records[np.argsort(records["game"], kind="stable")]
    usable = records[np.abs(records["score"].astype(np.int32)) < contract.MATE_SCORE_THRESHOLD]
    if args.max_positions is not None:
        usable = usable[: args.max_positions]
    return edition, len(records), usable


def plot_losses(path, epochs, initial_val, history):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot(epochs, [h["train_loss"] for h in history], marker="o", label="training")
    axes.plot([0] + epochs, [initial_val] + [h["val_loss"] for h in history], marker="o", label="validation")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("epoch")
    axes.set_ylabel("MSE in win-probability space")
    axes.set_title("NNUE training loss")
    axes.grid(True, alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    command = " ".join(["train.py"] + argv)
    make_deterministic(args.seed, args.threads)
    started = time.perf_counter()

    try:
        edition, records_read, records = load(args)
    except (data.DataError, OSError) as error:
        sys.exit(f"train.py: {error}")
    if len(records) < 2:
        sys.exit(f"train.py: {len(records)} usable records; need at least 2")
    order = np.random.default_rng(args.seed).permutation(len(records))
    val_count = min(max(int(round(len(records) * args.val_fraction)), 1), len(records) - 1)
    val_records = records[np.sort(order[:val_count])]
    train_records = records[np.sort(order[val_count:])]
    train_set = Dataset(train_records, args.lam, args.scale)
    val_set = Dataset(val_records, args.lam, args.scale)
    prepared = time.perf_counter()
    print(
        f"edition {edition} records {records_read} usable {len(records)} train {len(train_set)} "
        f"val {len(val_set)} features_width {train_set.stm.shape[1]} prepare_s {prepared - started:.1f}",
        flush=True,
    )

    model = NnueModel()
    if args.init_from:
        try:
            net_edition, _, tensors = netfile.read(args.init_from)
        except (netfile.NetFileError, OSError) as error:
            sys.exit(f"train.py: --init-from: {error}")
        if net_edition != edition:
            sys.exit(f"train.py: --init-from: {args.init_from} is a {net_edition} net, the data is {edition}")
        export.dequantise(tensors, model)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    schedule = torch.optim.lr_scheduler.ExponentialLR(optimiser, gamma=args.lr_decay)
    shuffler = torch.Generator().manual_seed(args.seed)
    initial_val = mean_loss(model, val_set, args.batch_size, args.scale)
    print(f"epoch 0/{args.epochs} val_loss {initial_val:.6f}", flush=True)

    history = []
    training_started = time.perf_counter()
    for epoch in range(1, args.epochs + 1):
        epoch_started = time.perf_counter()
        permutation = torch.randperm(len(train_set), generator=shuffler)
        total = 0.0
        for start in range(0, len(train_set), args.batch_size):
            stm, other, target = train_set.batch(permutation[start : start + args.batch_size])
            loss = loss_of(model(stm, other), target, args.scale)
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            optimiser.step()
            total += loss.item() * len(target)
        learning_rate = schedule.get_last_lr()[0]
        schedule.step()
        train_seconds = time.perf_counter() - epoch_started
        train_loss = total / len(train_set)
        val_loss = mean_loss(model, val_set, args.batch_size, args.scale)
        rate = len(train_set) / train_seconds
        elapsed = time.perf_counter() - started
        history.append(
            {
                "epoch": epoch,
                "train_loss": train_loss,
                "val_loss": val_loss,
                "learning_rate": learning_rate,
                "train_seconds": train_seconds,
                "positions_per_second": rate,
            }
        )
        print(
            f"epoch {epoch}/{args.epochs} train_loss {train_loss:.6f} val_loss {val_loss:.6f} "
            f"positions/s {rate:.0f} elapsed {elapsed:.1f}",
            flush=True,
        )
    training_seconds = time.perf_counter() - training_started

    if args.checkpoint:
        torch.save(model.state_dict(), args.checkpoint)
    description = args.description if args.description is not None else command
    _, clipped, size = export.export(model, args.out, edition, description)
    # The integer net as the engine will see it: read back from the file.
    _, _, tensors = netfile.read(args.out)
    sample = min(len(val_set), QUANTISATION_SAMPLE)
    floats = float_cp(model, val_set, sample)
    integers, largest_accumulator = infer.evaluate(
        tensors, val_set.stm[:sample].numpy(), val_set.other[:sample].numpy()
    )
    error = np.abs(floats - integers)
    quantisation = {
        "sample": sample,
        "max_cp_error": float(error.max()),
        "mean_cp_error": float(error.mean()),
        "largest_accumulator": largest_accumulator,
        "clipped": clipped,
        "clipped_total": sum(clipped.values()),
    }
    print(
        f"exported {args.out} ({size} bytes, edition {edition}) clipped {quantisation['clipped_total']} "
        f"quantisation_error_cp max {quantisation['max_cp_error']:.2f} mean {quantisation['mean_cp_error']:.3f} "
        f"on {sample} validation positions; largest |accumulator| {largest_accumulator} (int16 limit 32767)",
        flush=True,
    )

    if args.plot:
        plot_losses(args.plot, [h["epoch"] for h in history], initial_val, history)
    if args.log:
        log = {
            "command": command,
            "arguments": vars(args),
            "edition": edition,
            "torch": torch.__version__,
            "numpy": np.__version__,
            "counts": {
                "records": records_read,
                "dropped_mate_scores": records_read - len(records) if args.max_positions is None else None,
                "usable": len(records),
                "train": len(train_set),
                "validation": len(val_set),
            },
            "initial_val_loss": initial_val,
            "epochs": history,
            "timings": {
                "prepare_seconds": prepared - started,
                "training_seconds": training_seconds,
                "total_seconds": time.perf_counter() - started,
            },
            "net": {"path": args.out, "bytes": size, "architecture_hash": netfile.ARCHITECTURE_HASH},
            "quantisation": quantisation,
        }
        with open(args.log, "w") as f:
            json.dump(log, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
