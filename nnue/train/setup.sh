#!/usr/bin/env bash
# Installs what the NNUE trainer needs, Debian's own packages (no pip):
# python3-torch, python3-numpy, python3-matplotlib, and OpenBLAS, which replaces
# the reference BLAS torch is linked against (its dense layers ran 5-10x slower
# on it). Idempotent: when all is there it only prints the versions.
#
# The trainer runs with the system interpreter, /usr/bin/python3, where apt puts
# these modules; a python3 found earlier on PATH (pyenv, a virtual environment)
# usually cannot see them.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib/debian_packages.sh"

readonly PYTHON=/usr/bin/python3
ensure_debian_packages nnue/train/setup python3-torch python3-numpy python3-matplotlib \
  libopenblas0-pthread

"$PYTHON" - <<'PY'
import sys
import matplotlib
import numpy
import torch
print(f"python {sys.version.split()[0]} ({sys.executable})")
print(f"torch {torch.__version__}, numpy {numpy.__version__}, matplotlib {matplotlib.__version__}")
PY
