"""The numbers nnue/README.md fixes: features, network shape, scales, file headers.

Every other module of the trainer takes its constants from here, so a change to
the contract is a change to this file (and to the engine's side of it).
"""

# Features: ((rel * 2 + type) * 4 + orientation) * 64 + square, both perspectives.
FEATURES = 1024
SQUARES = 64

# Network: 1024 -> 128 per perspective, [stm, other] -> 16 -> 32 -> 1.
FT_OUT = 128
L1_OUT = 16
L2_OUT = 32

# Integer scales: activations 0..127 stand for 0..1, weights after the feature
# transformer carry a factor 1024, so a hidden sum carries 127 * 1024 = 130048.
ACTIVATION_SCALE = 127
WEIGHT_SCALE = 1024
WEIGHT_SHIFT = 10  # log2(WEIGHT_SCALE): z >> 10 brings a hidden sum back to 0..127
OUTPUT_SCALE = ACTIVATION_SCALE * WEIGHT_SCALE  # 130048: out / 130048 is the output in Pawns

INT16_MIN, INT16_MAX = -(2**15), 2**15 - 1
BIAS32_LIMIT = 2**30  # a reader rejects an int32 bias outside [-2^30, 2^30]

# Net file.
NET_MAGIC = b"LEISNNUE"
NET_VERSION = 1
EDITIONS = (2016, 2018)
ARCHITECTURE_TEXT = b"leiser-nnue features=1024 ft=128 l1=16 l2=32 out=1 wscale=1024 v2"
DESCRIPTION_LIMIT = 4096

# Training data.
DATA_MAGIC = b"LEISDATA"
DATA_VERSION = 1
DATA_HEADER_SIZE = 32
DATA_RECORD_SIZE = 48

# The search's mate scores and beyond: |score| >= this is not an evaluation.
MATE_SCORE_THRESHOLD = 30000
