#!/usr/bin/python3
"""Self-test of the trainer, in well under a minute on two cores:

synthetic data -> train 2 epochs (the loss falls) -> export -> re-read the net
(checksum, architecture hash, corrupt files rejected) -> infer.py agrees with
the float model within the quantisation error. Also checks the features against
a plain per-square reading of the contract's table, and the integer steps on a
hand-made net whose answer is worked out below.

    python3 nnue/train/selftest.py        (exit status 0 when every check passes)
"""

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import interpreter  # noqa: E402

interpreter.ensure_modules("numpy", "torch")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import contract  # noqa: E402
import data  # noqa: E402
import export  # noqa: E402
import infer  # noqa: E402
import make_synthetic  # noqa: E402
import netfile  # noqa: E402
from model import NnueModel  # noqa: E402

POSITIONS = 4000
EDITION = 2018
# Float and integer nets differ by the rounding of every weight (steps of 1/127
# and 1/64) and the final truncation; a wrong feature or step costs hundreds.
MAX_CP_ERROR = 30
MEAN_CP_ERROR = 8


def run_script(name, *args):
    completed = subprocess.run(
        [sys.executable, os.path.join(HERE, name), *args], capture_output=True, text=True, check=False
    )
    if completed.returncode != 0:
        raise AssertionError(f"{name} failed ({completed.returncode}): {completed.stderr.strip()}")
    return completed.stdout


def expect_equal(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}: {actual!r}, expected {expected!r}")


def expect_error(error_type, words, action, what):
    try:
        action()
    except error_type as error:
        if words not in str(error):
            raise AssertionError(f"{what}: error {str(error)!r} does not mention {words!r}") from None
        return
    raise AssertionError(f"{what}: no {error_type.__name__}")


def reference_features(record, perspective):
    """The contract's feature table read square by square, one record at a time."""
    features = []
    for square in range(64):
        bit = 1 << square
        tangerine = int(record["tangerine"]) & bit
        lavender = int(record["lavender"]) & bit
        if not (tangerine or lavender):
            continue
        colour = 1 if lavender else 0
        piece_type = 1 if int(record["kings"]) & bit else 0
        orientation = (1 if int(record["orientation_low"]) & bit else 0) | (
            2 if int(record["orientation_high"]) & bit else 0
        )
        if perspective == 0:
            seen_square, seen_orientation, rel = square, orientation, colour
        else:
            seen_square, seen_orientation, rel = 63 - square, (orientation + 2) & 3, 1 - colour
        features.append(((rel * 2 + piece_type) * 4 + seen_orientation) * 64 + seen_square)
    return sorted(features)


class SelfTest:
    def __init__(self, directory):
        self.dir = directory
        self.data_path = os.path.join(directory, "synthetic.bin")
        self.net_path = os.path.join(directory, "net.nnue")
        self.log_path = os.path.join(directory, "log.json")
        self.plot_path = os.path.join(directory, "loss.png")
        self.checkpoint_path = os.path.join(directory, "net.pt")
        self.records = make_synthetic.synthetic_records(POSITIONS, seed=7)
        make_synthetic.write_data(self.data_path, self.records, EDITION)
        self.train_args = [
            "--data", self.data_path, "--epochs", "2", "--batch-size", "128", "--lr", "3e-3",
            "--seed", "5", "--threads", "2", "--description", "selftest",
        ]  # fmt: skip

    # Net file format ---------------------------------------------------------
    def test_fnv1a_known_answers(self):
        expect_equal(netfile.fnv1a32(b""), 0x811C9DC5, "FNV-1a of ''")
        expect_equal(netfile.fnv1a32(b"a"), 0xE40C292C, "FNV-1a of 'a'")
        expect_equal(netfile.fnv1a32(b"foobar"), 0xBF9CF968, "FNV-1a of 'foobar'")
        expect_equal(netfile.ARCHITECTURE_HASH, 0x5142F84D, "architecture hash")

    # Data and features -------------------------------------------------------
    def test_data_header_and_records(self):
        edition, records = data.open_records(self.data_path)
        expect_equal(edition, EDITION, "edition")
        expect_equal(len(records), POSITIONS, "record count")
        expect_equal(records.tobytes(), self.records.tobytes(), "records read back")
        with open(self.data_path, "rb") as f:
            raw = f.read(32)
        expect_equal(raw[:8], b"LEISDATA", "magic")
        expect_equal(struct.unpack_from("<III", raw, 8), (1, EDITION, 48), "version, edition, record size")
        expect_equal(raw[20:32], bytes(12), "reserved header bytes")

    def test_data_errors(self):
        bad = os.path.join(self.dir, "bad.bin")
        with open(self.data_path, "rb") as f:
            good = f.read()
        with open(bad, "wb") as f:
            f.write(b"LEISDATX" + good[8:])
        expect_error(data.DataError, "magic", lambda: data.open_records(bad), "bad data magic")
        with open(bad, "wb") as f:
            f.write(good[:8] + struct.pack("<I", 1) + struct.pack("<I", 2016) + good[16:])
        expect_error(data.DataError, "edition", lambda: data.load_records([self.data_path, bad]), "mixed editions")
        with open(bad, "wb") as f:
            f.write(good[:12] + struct.pack("<I", 2017) + good[16:])
        expect_error(data.DataError, "edition", lambda: data.open_records(bad), "edition 2017")
        with open(bad, "wb") as f:
            f.write(good[:32 + 48 * 3 + 20])  # cut inside the fourth record
        expect_equal(len(data.open_records(bad)[1]), 3, "records of a file cut short")

    def test_features_match_the_table(self):
        sample = self.records[:300]
        tangerine, lavender = data.perspective_features(sample)
        for index, record in enumerate(sample):
            for perspective, rows in ((0, tangerine), (1, lavender)):
                row = rows[index]
                actual = sorted(int(f) for f in row if f != data.PADDING_FEATURE)
                expect_equal(actual, reference_features(record, perspective), f"features of record {index}")
        stm, other = data.side_to_move_features(sample)
        lavender_moves = sample["side_to_move"] == 1
        expect_equal(bool(np.array_equal(stm[lavender_moves], lavender[lavender_moves])), True, "stm = Lavender")
        expect_equal(bool(np.array_equal(other[~lavender_moves], lavender[~lavender_moves])), True, "other = Lavender")

    # Integer inference on a hand-made net ------------------------------------
    def test_integer_steps_by_hand(self):
        tensors = {name: np.zeros(shape, dtype=np.dtype(dtype)) for name, dtype, shape in netfile.TENSORS}
        feature = 5
        tensors["ft_weights"][feature, 0] = 100
        tensors["ft_biases"][0] = 50  # acc[0] = 150, clamped to h0 = 127
        tensors["l1_weights"][0, 0] = 1024
        tensors["l1_biases"][0] = -1600  # z = 130048 - 1600 = 128448; 128448 >> 10 = 125
        tensors["l2_weights"][0, 0] = 1024
        tensors["l2_biases"][0] = -1040  # z = 128000 - 1040 = 126960; 126960 >> 10 = 123
        tensors["out_weights"][0] = -1024
        tensors["out_bias"][0] = 16  # out = -125952 + 16 = -125936; -12593600 / 130048 = -96.8 -> -96
        features = np.array([[feature, data.PADDING_FEATURE]], dtype=np.int16)
        cps, _ = infer.evaluate(tensors, features, features)
        expect_equal(cps.tolist(), [-96], "hand-made net, truncation towards zero")
        tensors["out_weights"][0] = 1024
        cps, _ = infer.evaluate(tensors, features, features)
        expect_equal(cps.tolist(), [96], "hand-made net, positive output")  # 125968 * 100 / 130048 = 96.9
        # The other perspective's accumulator feeds inputs 128..255.
        tensors["l1_weights"][0, 0], tensors["l1_weights"][0, 128] = 0, 1024
        cps, _ = infer.evaluate(tensors, np.array([[data.PADDING_FEATURE]] * 1, dtype=np.int16), features)
        expect_equal(cps.tolist(), [96], "the other perspective's half")
        # int16 accumulators wrap: 50 + 2 * 30000 = 60050 -> 60050 - 65536 = -5486.
        tensors["ft_weights"][feature, 0] = 30000
        acc = infer.accumulators(tensors, np.array([[feature, feature]], dtype=np.int16))
        expect_equal(int(acc[0, 0]), -5486, "wrapping accumulator")

    # Training, export and the integer net ------------------------------------
    def train(self, out, *extra):
        return run_script("train.py", *self.train_args, "--out", out, *extra)

    def test_training_export_and_inference(self):
        stdout = self.train(
            self.net_path, "--log", self.log_path, "--plot", self.plot_path, "--checkpoint", self.checkpoint_path
        )
        epoch_lines = [line for line in stdout.splitlines() if line.startswith("epoch ") and "train_loss" in line]
        expect_equal(len(epoch_lines), 2, "epoch lines")
        fields = epoch_lines[0].split()
        expect_equal(fields[0::2], ["epoch", "train_loss", "val_loss", "positions/s", "elapsed"], "epoch line")
        with open(self.log_path) as f:
            log = json.load(f)
        mates = int(np.count_nonzero(np.abs(self.records["score"].astype(np.int32)) >= 30000))
        counts = log["counts"]
        expect_equal(counts["dropped_mate_scores"], mates, "mate scores dropped")
        expect_equal(counts["train"] + counts["validation"], POSITIONS - mates, "train + validation")
        epochs = log["epochs"]
        if not epochs[1]["train_loss"] < epochs[0]["train_loss"]:
            raise AssertionError(f"training loss did not fall: {[e['train_loss'] for e in epochs]}")
        if not epochs[1]["val_loss"] < log["initial_val_loss"]:
            raise AssertionError(f"validation loss did not fall: {log['initial_val_loss']} -> {epochs[1]['val_loss']}")
        with open(self.plot_path, "rb") as f:
            expect_equal(f.read(8), b"\x89PNG\r\n\x1a\n", "loss plot is a PNG")

        # The file, byte for byte.
        with open(self.net_path, "rb") as f:
            raw = f.read()
        expect_equal(raw[:8], b"LEISNNUE", "net magic")
        expect_equal(struct.unpack_from("<IIII", raw, 8), (1, EDITION, 0x5142F84D, 8), "net header")
        expect_equal(raw[24:32], b"selftest", "description")
        expect_equal(len(raw), 24 + 8 + 1024 * 128 * 2 + 128 * 2 + 16 * 256 * 2 + 16 * 4 + 32 * 16 * 2 + 32 * 4 + 32 * 2 + 4 + 4, "net size")
        expect_equal(struct.unpack_from("<I", raw, len(raw) - 4)[0], netfile.fnv1a32(raw[:-4]), "checksum")
        edition, description, tensors = netfile.read(self.net_path)
        expect_equal((edition, description), (EDITION, "selftest"), "net read back")
        model = NnueModel()
        model.load_state_dict(torch.load(self.checkpoint_path))
        quantised, _ = export.quantise(model)
        for name, _, _ in netfile.TENSORS:
            expect_equal(bool(np.array_equal(tensors[name], quantised[name])), True, f"{name} read back")
        with torch.no_grad():
            w = model.ft.weight[3, 7].item()
        expect_equal(int(tensors["ft_weights"][3, 7]), int(np.rint(w * 127)), "ft_weights[3][7] = round(127 w)")

        # infer.py, the integer net, against the float model.
        limit = 1000
        lines = run_script("infer.py", "--net", self.net_path, "--data", self.data_path, "--limit", str(limit)).splitlines()
        expect_equal(len(lines), limit, "infer.py lines")
        indices = [int(line.split()[0]) for line in lines]
        expect_equal(indices, list(range(limit)), "infer.py indices")
        integer_cp = np.array([int(line.split()[1]) for line in lines])
        stm, other = data.side_to_move_features(self.records[:limit])
        model.eval()
        with torch.no_grad():
            float_cp = (model(torch.from_numpy(stm).long(), torch.from_numpy(other).long()) * 100).double().numpy()
        error = np.abs(float_cp - integer_cp)
        if error.max() > MAX_CP_ERROR or error.mean() > MEAN_CP_ERROR:
            raise AssertionError(f"integer net strays from the float one: max {error.max():.1f} mean {error.mean():.2f} cp")
        if np.std(integer_cp) < 10:
            raise AssertionError(f"the integer net barely varies (sd {np.std(integer_cp):.1f} cp)")
        print(f"  quantisation error on {limit} records: max {error.max():.1f} cp, mean {error.mean():.2f} cp")

        # Same seed, same data: the same net, byte for byte.
        again = os.path.join(self.dir, "again.nnue")
        self.train(again)
        with open(again, "rb") as f:
            expect_equal(f.read() == raw, True, "a second run with the same seed gives the same file")

    def test_training_from_a_net_file(self):
        first = os.path.join(self.dir, "first.nnue")
        fresh_log = os.path.join(self.dir, "fresh.json")
        self.train(first, "--log", fresh_log)
        _, _, tensors = netfile.read(first)
        model = NnueModel()
        export.dequantise(tensors, model)
        expect_equal(float(model.ft.weight[data.PADDING_FEATURE].abs().sum()), 0.0, "padding row stays zero")
        again, clipped = export.quantise(model)
        expect_equal(sum(clipped.values()), 0, "values clipped after loading")
        for name, _, _ in netfile.TENSORS:
            expect_equal(bool(np.array_equal(again[name], tensors[name])), True, f"{name} after dequantise + quantise")

        # Going on from the first net starts near where it ended, far below a fresh start.
        resumed_log = os.path.join(self.dir, "resumed.json")
        self.train(os.path.join(self.dir, "second.nnue"), "--init-from", first, "--log", resumed_log)
        with open(fresh_log) as f:
            fresh = json.load(f)
        with open(resumed_log) as f:
            resumed = json.load(f)
        end_of_first = fresh["epochs"][-1]["val_loss"]
        start_of_second = resumed["initial_val_loss"]
        if not abs(start_of_second - end_of_first) < 0.25 * (fresh["initial_val_loss"] - end_of_first):
            raise AssertionError(
                f"--init-from started at {start_of_second:.6f}; the first net ended at {end_of_first:.6f}, "
                f"a fresh start was {fresh['initial_val_loss']:.6f}"
            )

        other_edition = os.path.join(self.dir, "other-edition.nnue")
        netfile.write(other_edition, tensors, 2016 if EDITION == 2018 else 2018)
        for net, words in ((other_edition, "the data is"), (os.path.join(self.dir, "missing.nnue"), "missing.nnue")):
            try:
                self.train(os.path.join(self.dir, "never.nnue"), "--init-from", net)
            except AssertionError as error:
                if words not in str(error):
                    raise AssertionError(f"--init-from {net}: the error does not say '{words}': {error}") from None
            else:
                raise AssertionError(f"--init-from {net} was accepted")

    def test_corrupt_nets_rejected(self):
        model = NnueModel()
        tensors, _ = export.quantise(model)
        good = netfile.encode(tensors, EDITION, "corrupt")
        netfile.decode(good)

        def reseal(body):
            return body[:-4] + struct.pack("<I", netfile.fnv1a32(body[:-4]))

        def patched(offset, value):
            return good[:offset] + value + good[offset + len(value) :]

        cases = [
            ("magic", reseal(patched(0, b"LEISNNUX"))),
            ("version", reseal(patched(8, struct.pack("<I", 2)))),
            ("edition", reseal(patched(12, struct.pack("<I", 2017)))),
            ("architecture hash", reseal(patched(16, struct.pack("<I", 1234)))),
            ("description length", reseal(patched(20, struct.pack("<I", 5000)))),
            ("length", good[:-1]),
            ("length", good + b"\0"),
            ("truncated", good[:10]),
            ("checksum", patched(100, bytes([good[100] ^ 1]))),
        ]
        out_bias_offset = len(good) - 4 - 4
        cases.append(("out_bias", reseal(patched(out_bias_offset, struct.pack("<i", 2**30 + 1)))))
        for words, corrupt in cases:
            expect_error(netfile.NetFileError, words, lambda c=corrupt: netfile.decode(c), f"net with a bad {words}")
        tensors["l1_biases"][3] = -(2**30)  # the limit itself is allowed
        netfile.decode(netfile.encode(tensors, EDITION))

    def test_export_clips_and_counts(self):
        model = NnueModel()
        with torch.no_grad():
            model.ft.weight[0, 0] = 1000.0  # 127000: beyond int16
            model.l1.weight[2, 3] = -600.0  # -38400: beyond int16
            model.out.bias[0] = 2.0e5  # 1.6e9: beyond 2^30
        tensors, clipped = export.quantise(model)
        expect_equal(int(tensors["ft_weights"][0, 0]), 32767, "clipped ft weight")
        expect_equal(int(tensors["l1_weights"][2, 3]), -32768, "clipped l1 weight")
        expect_equal(int(tensors["out_bias"][0]), 2**30, "clipped bias")
        expect_equal(sum(clipped.values()), 3, "clipped count")
        expect_equal(tensors["ft_weights"].shape, (1024, 128), "padding row dropped")


def main():
    started = __import__("time").perf_counter()
    directory = tempfile.mkdtemp(prefix="nnue-selftest-")
    passed, failed = 0, 0
    try:
        test = SelfTest(directory)
        for name in sorted(n for n in dir(SelfTest) if n.startswith("test_")):
            try:
                getattr(test, name)()
            except AssertionError as error:
                failed += 1
                print(f"FAIL {name}: {error}")
            else:
                passed += 1
                print(f"ok   {name}")
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print(f"selftest: {__import__('time').perf_counter() - started:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
