"""The `.nnue` net file (nnue/README.md, "Net file"): writing and checked reading.

    magic "LEISNNUE", u32 version 1, u32 edition, u32 architecture hash,
    u32 description length n (<= 4096), n bytes of UTF-8 description,
    the eight tensors in contract order (little-endian), u32 checksum:
    FNV-1a of every byte before it.
"""

import struct

import numpy as np

import contract

# Name, little-endian dtype, shape: the order of the tensors in the file.
TENSORS = (
    ("ft_weights", "<i2", (contract.FEATURES, contract.FT_OUT)),
    ("ft_biases", "<i2", (contract.FT_OUT,)),
    ("l1_weights", "<i2", (contract.L1_OUT, 2 * contract.FT_OUT)),
    ("l1_biases", "<i4", (contract.L1_OUT,)),
    ("l2_weights", "<i2", (contract.L2_OUT, contract.L1_OUT)),
    ("l2_biases", "<i4", (contract.L2_OUT,)),
    ("out_weights", "<i2", (contract.L2_OUT,)),
    ("out_bias", "<i4", (1,)),
)

_FNV_OFFSET_BASIS = 2166136261
_FNV_PRIME = 16777619
_PREFIX = struct.Struct("<8sIIII")


class NetFileError(Exception):
    """A net file that does not follow the contract; the message says what is wrong."""


def fnv1a32(data):
    """32-bit FNV-1a of a bytes-like object."""
    h = _FNV_OFFSET_BASIS
    for byte in bytes(data):
        h = ((h ^ byte) * _FNV_PRIME) & 0xFFFFFFFF
    return h


ARCHITECTURE_HASH = fnv1a32(contract.ARCHITECTURE_TEXT)


def encode(tensors, edition, description=""):
    """The bytes of a net file. tensors: name -> integer array of the contract's shape."""
    if edition not in contract.EDITIONS:
        raise ValueError(f"edition {edition}, expected one of {contract.EDITIONS}")
    text = description.encode("utf-8")
    if len(text) > contract.DESCRIPTION_LIMIT:
        raise ValueError(f"description of {len(text)} bytes, at most {contract.DESCRIPTION_LIMIT}")
    body = bytearray(
        _PREFIX.pack(contract.NET_MAGIC, contract.NET_VERSION, edition, ARCHITECTURE_HASH, len(text))
    )
    body += text
    for name, dtype, shape in TENSORS:
        values = np.asarray(tensors[name])
        if values.shape != shape:
            raise ValueError(f"{name}: shape {values.shape}, expected {shape}")
        info = np.iinfo(np.dtype(dtype))
        if values.min() < info.min or values.max() > info.max:
            raise ValueError(f"{name}: values outside {np.dtype(dtype).name}")
        body += values.astype(dtype).tobytes()
    body += struct.pack("<I", fnv1a32(body))
    return bytes(body)


def write(path, tensors, edition, description=""):
    data = encode(tensors, edition, description)
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def decode(data):
    """(edition, description, tensors) from a net file's bytes; NetFileError says what is wrong."""
    if len(data) < _PREFIX.size:
        raise NetFileError(f"truncated: {len(data)} bytes, shorter than the {_PREFIX.size}-byte header")
    magic, version, edition, arch_hash, text_length = _PREFIX.unpack_from(data)
    if magic != contract.NET_MAGIC:
        raise NetFileError(f"bad magic {magic!r}, expected {contract.NET_MAGIC!r}")
    if version != contract.NET_VERSION:
        raise NetFileError(f"format version {version}, expected {contract.NET_VERSION}")
    if edition not in contract.EDITIONS:
        raise NetFileError(f"edition {edition}, expected one of {contract.EDITIONS}")
    if arch_hash != ARCHITECTURE_HASH:
        raise NetFileError(f"architecture hash {arch_hash:#010x}, expected {ARCHITECTURE_HASH:#010x}")
    if text_length > contract.DESCRIPTION_LIMIT:
        raise NetFileError(f"description length {text_length}, at most {contract.DESCRIPTION_LIMIT}")
    tensor_bytes = sum(np.dtype(d).itemsize * int(np.prod(s)) for _, d, s in TENSORS)
    expected_length = _PREFIX.size + text_length + tensor_bytes + 4
    if len(data) != expected_length:
        raise NetFileError(f"length {len(data)} bytes, expected {expected_length}")
    (stored_checksum,) = struct.unpack_from("<I", data, len(data) - 4)
    actual_checksum = fnv1a32(data[:-4])
    if stored_checksum != actual_checksum:
        raise NetFileError(f"checksum {stored_checksum:#010x}, computed {actual_checksum:#010x}")
    description = bytes(data[_PREFIX.size : _PREFIX.size + text_length]).decode("utf-8", "replace")
    offset = _PREFIX.size + text_length
    tensors = {}
    for name, dtype, shape in TENSORS:
        count = int(np.prod(shape))
        tensors[name] = np.frombuffer(data, dtype=dtype, count=count, offset=offset).reshape(shape)
        offset += count * np.dtype(dtype).itemsize
    for name in ("l1_biases", "l2_biases", "out_bias"):
        worst = int(np.abs(tensors[name].astype(np.int64)).max())
        if worst > contract.BIAS32_LIMIT:
            raise NetFileError(f"{name}: a bias of magnitude {worst}, beyond 2^30")
    return edition, description, tensors


def read(path):
    """(edition, description, tensors) of a net file; NetFileError names the path and the fault."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        return decode(data)
    except NetFileError as error:
        raise NetFileError(f"{path}: {error}") from None
