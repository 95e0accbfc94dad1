"""Reads `leiserchess gendata` files (nnue/README.md, "Data format") for the
tests, independently of the engine's own reader: a 32-byte header (magic
LEISDATA, then version, edition and record size as little-endian uint32) and
48-byte records. Shared by tests/nnue and tests/mpi."""
import collections
import struct
import sys

RECORD = struct.Struct("<5QIhbB")
HEADER = 32
VERSION = 1
GAME_FIELD = 5  # a record's game number (planes 0-4, then the game)


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def records(path, edition=2016):
    """The records of a data file written for `edition`; fails the test on a
    bad header or a partial record."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"LEISDATA" or struct.unpack_from("<3I", data, 8) != (VERSION, edition, RECORD.size):
        fail(f"{path}: bad header {data[:20]!r} (expected version {VERSION}, edition {edition})")
    body = data[HEADER:]
    if len(body) % RECORD.size:
        fail(f"{path}: {len(body) % RECORD.size} stray bytes after the records")
    return [RECORD.unpack_from(body, i) for i in range(0, len(body), RECORD.size)]


def by_game(rows):
    """The records grouped by game number, in file order within a game."""
    games = collections.defaultdict(list)
    for row in rows:
        games[row[GAME_FIELD]].append(row)
    return dict(games)
