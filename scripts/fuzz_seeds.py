#!/usr/bin/env python3
"""Seed corpora for the libFuzzer harnesses of fuzz/, from the test vectors.

Usage: fuzz_seeds.py VECTORS_DIR OPENINGS_FILE OUT_DIR

Writes OUT_DIR/<harness>/seed-NNNN files: the FENs of the perft and eval
vectors (../shared/vectors), the moves of the opening book
(../shared/openings/book-2016.txt), and protocol sessions, opening books,
bench FEN files, tactics suites and engine output built from them. Seeds are
valid inputs, so that the fuzzer starts from inputs that reach deep into each
reader; it mutates them into invalid ones by itself.
"""
import os
import sys


def read_fens(vectors_dir):
    """(fen, edition) of every vector row, without repeats, in file order."""
    seen = set()
    fens = []
    for name, edition in (("perft-2018.tsv", "2018"), ("perft-2016.tsv", "2016"), ("eval-2016.tsv", "2016")):
        with open(os.path.join(vectors_dir, name), encoding="ascii") as f:
            next(f)  # header
            for line in f:
                fen = line.rstrip("\r\n").split("\t")[0]
                if fen and (fen, edition) not in seen:
                    seen.add((fen, edition))
                    fens.append((fen, edition))
    return fens


def write(out_dir, harness, seeds):
    """Seeds as files: text (ASCII) or bytes, as given."""
    folder = os.path.join(out_dir, harness)
    os.makedirs(folder, exist_ok=True)
    for i, seed in enumerate(seeds):
        data = seed if isinstance(seed, bytes) else seed.encode("ascii")
        with open(os.path.join(folder, f"seed-{i:04d}"), "wb") as f:
            f.write(data)
    return len(seeds)


def u32(value):
    return value.to_bytes(4, "little")


def net_file_seeds():
    """fuzz_net_file: headers as raw files (first byte even), and edit lists
    (first byte odd: 3-byte offset, 1-byte xor each; bit 1: a 3-byte cut
    first; bit 2: the 2018 network). Offsets name the header fields, the
    description, a first-layer weight and the int32 biases near the end."""
    arch = 0x5142F84D
    header = lambda edition, desc: b"LEISNNUE" + u32(1) + u32(edition) + u32(arch) + u32(desc)
    seeds = [b"\0" + header(2016, 0), b"\0" + header(2018, 5) + b"hello", b"\0" + header(2016, 4097),
             b"\0" + b"LEISNNUE" + u32(2), b"\0LEISDATA"]
    edit = lambda offset, xor: offset.to_bytes(3, "little") + bytes([xor])
    size = 24 + 2 * (1024 * 128 + 128 + 16 * 256 + 32 * 16 + 32) + 4 * (16 + 32 + 1) + 4
    for offset in (8, 12, 16, 20, 24, 100, size - 9, size - 40, size - 200):
        seeds.append(b"\1" + edit(offset, 0x40))
        seeds.append(b"\5" + edit(offset, 0x80) + edit(offset + 1, 0x01))
    seeds.append(b"\3" + (size - 1000).to_bytes(3, "little"))
    seeds.append(b"\7" + (30).to_bytes(3, "little") + edit(20, 0x10))
    return seeds


def data_file_seeds():
    """fuzz_data_file: a LEISDATA header and records of empty boards with a
    King or two, valid and not, and a file cut inside a record."""
    header = lambda year, size=48: b"LEISDATA" + u32(1) + u32(year) + u32(size) + bytes(12)
    def record(tangerine, lavender, kings, game, score, result, stm):
        return (tangerine.to_bytes(8, "little") + lavender.to_bytes(8, "little") + kings.to_bytes(8, "little") +
                bytes(16) + u32(game) + (score & 0xFFFF).to_bytes(2, "little") + bytes([result & 0xFF, stm]))
    good = record(1 << 4, 1 << 60, (1 << 4) | (1 << 60), 0, 35, 1, 0)
    seeds = [header(2016), header(2018) + good, header(2016) + good + record(3, 1 << 63, 1, 0, -20, -1, 1),
             header(2016) + good + good[:20], header(2018) + record(1, 1, 1, 3, 0, 0, 0),
             header(2016) + record(1, 2, 0, 1, 0, 2, 0), header(2016) + record(1, 2, 0, 1, 0, 0, 2),
             header(2017) + good, header(2016, 40) + good, b"LEISDATA" + u32(2)]
    return seeds


def pgn_file_seeds():
    """Match records as `arena --pgn` writes them, for the harness's match:
    engines a and b, edition 2016, no book (two games from the start)."""
    start = "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"

    def record(round_, tangerine, lavender, moves, result, termination, extra=""):
        return (f'[Event "match"]\n[Round "{round_}"]\n[Tangerine "{tangerine}"]\n[Lavender "{lavender}"]\n'
                f'[Result "{result}"]\n[Edition "2016"]\n[FEN "{start}"]\n[OpeningPlies "0"]\n'
                f'[Termination "{termination}"]\n[Reason "{termination}: x"]\n[ShuffleSeed "7"]\n{extra}\n'
                f"1. {moves} {{+0.12/5 0.010s}} {result}\n\n")

    first = record(1, "a", "b", "h4g5 a3a2", "1-0", "adjudication")
    second = record(2, "b", "a", "h4g5", "1/2-1/2", "rules", '[Opening "x"]\n')
    return [first, first + second, second + first[:len(first) // 2], "; comment\n" + second,
            record(3, "a", "b", "g4L", "0-1", "time forfeit")]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    vectors_dir, openings_file, out_dir = sys.argv[1:]
    fens = read_fens(vectors_dir)
    with open(openings_file, encoding="ascii") as f:
        book = [line.rstrip("\r\n") for line in f if line.strip() and not line.startswith("#")]
    moves = sorted({m for line in book for m in line.split()})
    # Every shape of move text (RULES.md): rotation, shift, swap-move, null.
    moves += ["g4L", "h0g1", "d5e4f5", "d5e4R", "h0h0", "a0U", "h7g6", "e4e5e6"]

    counts = {}
    counts["fuzz_fen"] = write(out_dir, "fuzz_fen", [fen for fen, _ in fens])
    counts["fuzz_move_text"] = write(out_dir, "fuzz_move_text", moves + [" ".join(line.split()[:6]) for line in book[:20]])

    sessions = []
    for i, (fen, edition) in enumerate(fens[::4]):
        sessions.append(
            "uci\nisready\n"
            f"setoption name edition value {edition}\n"
            f"position fen {fen}\n"
            "go depth 2\neval\nperft 2\n"
            f"go nodes {100 + 37 * i}\nisready\ndisplay\n"
            "go wtime 500 btime 500 winc 10 binc 10\nstop\nucinewgame\nisready\n")
    for line in book[:20]:
        sessions.append(
            "setoption name edition value 2016\nsetoption name threads value 1\n"
            f"position startpos moves {line}\ngo depth 3\nmove {line.split()[0]}\n"
            "go infinite\nisready\nstop\nperft 3\nquit\n")
    sessions.append("setoption name hash value 2\nsetoption name pbetween value 50\ngo movetime 20\n"
                    "go depth abc\ngo mate 2\ngo searchmoves h0g1 depth 2\ngo ponder\nhelp\nd\n")
    counts["fuzz_protocol"] = write(out_dir, "fuzz_protocol", sessions)

    counts["fuzz_openings"] = write(out_dir, "fuzz_openings",
                                    ["# book\n" + "\n".join(book[i:i + 10]) + "\n" for i in range(0, len(book), 10)])
    counts["fuzz_bench_file"] = write(out_dir, "fuzz_bench_file",
                                      ["# positions\n" + "\n".join(fen for fen, _ in fens[i:i + 3]) + "\n\n"
                                       for i in range(0, len(fens), 3)])
    counts["fuzz_tactics_file"] = write(
        out_dir, "fuzz_tactics_file",
        [f"# suite\n{fen}; dm {1 + i % 4}; edition {edition}; id v{i}\n\n" for i, (fen, edition) in enumerate(fens[:60])])
    engine_lines = [
        "id name leiserchess\nuciok\nreadyok\n",
        "info depth 5 seldepth 9 score cp 27 nodes 20583 nps 663967 time 31 hashfull 0 pv g4L b3L g4h5\nbestmove g4L\n",
        "info depth 8 seldepth 18 score cp 27 lowerbound nodes 634877 nps 631718 time 1005 pv g4L\n",
        "info depth 3 seldepth 1 score mate 1 nodes 21 nps 21000 time 0 hashfull 0 pv a0L\nbestmove a0L\n",
        "info depth 9 score mate -4 upperbound\ninfo string error: unknown command 'x'\nbestmove (none)\n",
        "info score cp -354\r\ninfo nodes 100 score cp\nbestmove h0g1 ponder a7b6\n",
    ]
    counts["fuzz_engine_output"] = write(out_dir, "fuzz_engine_output", engine_lines)
    counts["fuzz_net_file"] = write(out_dir, "fuzz_net_file", net_file_seeds())
    counts["fuzz_pgn_file"] = write(out_dir, "fuzz_pgn_file", pgn_file_seeds())
    counts["fuzz_data_file"] = write(out_dir, "fuzz_data_file", data_file_seeds())
    for harness, n in counts.items():
        print(f"{harness}: {n} seeds")


if __name__ == "__main__":
    main()
