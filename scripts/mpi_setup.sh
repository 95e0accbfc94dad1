#!/usr/bin/env bash
# Installs Open MPI (Debian packages) for the optional MPI build
# (docs/mpi.md): meson setup build-mpi -Dmpi=enabled. Safe to run again: it
# installs only what is missing. The default build needs none of this.
set -euo pipefail
source "$(dirname "$0")/lib/debian_packages.sh"

ensure_debian_packages mpi_setup libopenmpi-dev openmpi-bin
echo "mpi_setup: Open MPI $(mpirun --version 2>/dev/null | head -n 1 | awk '{print $NF}') installed" >&2
