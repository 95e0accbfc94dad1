"""Training data: reading `.bin` files and turning records into active features.

Format (nnue/README.md, "Training data"): a 32-byte header, then 48-byte
little-endian records holding kernel::Board's five bitboards, the game index,
the search score and the game result (both from the side to move's view) and
the side to move.
"""

import struct

import numpy as np

import contract

RECORD_DTYPE = np.dtype(
    [
        ("tangerine", "<u8"),
        ("lavender", "<u8"),
        ("kings", "<u8"),
        ("orientation_low", "<u8"),
        ("orientation_high", "<u8"),
        ("game", "<u4"),
        ("score", "<i2"),
        ("result", "i1"),
        ("side_to_move", "u1"),
    ]
)
assert RECORD_DTYPE.itemsize == contract.DATA_RECORD_SIZE

# Pads a record's feature list to a fixed width; the model's embedding keeps a
# zero row for it.
PADDING_FEATURE = contract.FEATURES

_HEADER = struct.Struct("<8sIII12s")


class DataError(Exception):
    """A `.bin` file that does not follow the contract."""


def header_bytes(edition):
    """The 32-byte header of a data file of this edition."""
    return _HEADER.pack(
        contract.DATA_MAGIC, contract.DATA_VERSION, edition, contract.DATA_RECORD_SIZE, bytes(12)
    )


def read_header(path):
    """Checks a data file's header and returns its edition."""
    with open(path, "rb") as f:
        raw = f.read(contract.DATA_HEADER_SIZE)
    if len(raw) < contract.DATA_HEADER_SIZE:
        raise DataError(f"{path}: shorter than the {contract.DATA_HEADER_SIZE}-byte header")
    magic, version, edition, record_size, _ = _HEADER.unpack(raw)
    if magic != contract.DATA_MAGIC:
        raise DataError(f"{path}: bad magic {magic!r}, expected {contract.DATA_MAGIC!r}")
    if version != contract.DATA_VERSION:
        raise DataError(f"{path}: format version {version}, expected {contract.DATA_VERSION}")
    if edition not in contract.EDITIONS:
        raise DataError(f"{path}: edition {edition}, expected one of {contract.EDITIONS}")
    if record_size != contract.DATA_RECORD_SIZE:
        raise DataError(f"{path}: record size {record_size}, expected {contract.DATA_RECORD_SIZE}")
    return edition


def open_records(path):
    """(edition, records) for one file; records is a read-only memory map.

    A trailing partial record (a file cut short while being written) is
    ignored, like gendata does when it resumes.
    """
    edition = read_header(path)
    size = _file_size(path)
    count = (size - contract.DATA_HEADER_SIZE) // contract.DATA_RECORD_SIZE
    if count == 0:
        return edition, np.zeros(0, dtype=RECORD_DTYPE)
    records = np.memmap(
        path, dtype=RECORD_DTYPE, mode="r", offset=contract.DATA_HEADER_SIZE, shape=(count,)
    )
    return edition, records


def load_records(paths):
    """(edition, records) for several files of one edition, concatenated in memory."""
    edition = None
    parts = []
    for path in paths:
        file_edition, records = open_records(path)
        if edition is not None and file_edition != edition:
            raise DataError(f"{path}: edition {file_edition}, but earlier files are {edition}")
        edition = file_edition
        parts.append(np.asarray(records))
    if edition is None:
        raise DataError("no data files")
    return edition, np.concatenate(parts) if parts else np.zeros(0, dtype=RECORD_DTYPE)


def _file_size(path):
    with open(path, "rb") as f:
        f.seek(0, 2)
        return f.tell()


def _square_bits(plane):
    """(n, 64) uint8: bit s of each record's bitboard at column s."""
    little = np.ascontiguousarray(plane, dtype="<u8")
    return np.unpackbits(little.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")


def perspective_features(records, chunk=1 << 16):
    """Active features of every record from both perspectives.

    Returns (tangerine, lavender): int16 arrays of shape (n, width), one row per
    record, its active features first and PADDING_FEATURE after. width is the
    largest piece count in the data (16 in real games).
    """
    n = len(records)
    pieces_per_record = np.zeros(n, dtype=np.int64)
    for start in range(0, n, chunk):
        part = records[start : start + chunk]
        occupied = _square_bits(part["tangerine"] | part["lavender"])
        pieces_per_record[start : start + chunk] = occupied.sum(axis=1)
    width = max(int(pieces_per_record.max()) if n else 0, 1)

    tangerine = np.full((n, width), PADDING_FEATURE, dtype=np.int16)
    lavender = np.full((n, width), PADDING_FEATURE, dtype=np.int16)
    square = np.arange(contract.SQUARES, dtype=np.int16)
    for start in range(0, n, chunk):
        part = records[start : start + chunk]
        is_lavender = _square_bits(part["lavender"]).astype(np.int16)
        occupied = _square_bits(part["tangerine"]) | is_lavender.astype(np.uint8)
        is_king = _square_bits(part["kings"]).astype(np.int16)
        orientation = _square_bits(part["orientation_low"]).astype(np.int16) | (
            _square_bits(part["orientation_high"]).astype(np.int16) << 1
        )
        # Tangerine's view: the board as it is; "mine" (rel 0) is Tangerine.
        from_tangerine = ((is_lavender * 2 + is_king) * 4 + orientation) * 64 + square
        # Lavender's view: the board turned a half turn; "mine" is Lavender.
        from_lavender = (
            ((1 - is_lavender) * 2 + is_king) * 4 + ((orientation + 2) & 3)
        ) * 64 + (63 - square)
        # Occupied squares first, in square order (a stable sort of "empty?").
        order = np.argsort(occupied == 0, axis=1, kind="stable")[:, :width]
        keep = np.take_along_axis(occupied, order, axis=1).astype(bool)
        rows = slice(start, start + len(part))
        tangerine[rows] = np.where(keep, np.take_along_axis(from_tangerine, order, axis=1), PADDING_FEATURE)
        lavender[rows] = np.where(keep, np.take_along_axis(from_lavender, order, axis=1), PADDING_FEATURE)
    return tangerine, lavender


def side_to_move_features(records):
    """(stm, other): the features of the side to move's perspective and of the other's."""
    tangerine, lavender = perspective_features(records)
    lavender_moves = (records["side_to_move"] == 1)[:, None]
    stm = np.where(lavender_moves, lavender, tangerine)
    other = np.where(lavender_moves, tangerine, lavender)
    return stm, other
