#!/usr/bin/env bash
# Installs Open MPI (Debian packages) for the optional MPI build
# (docs/mpi.md): meson setup build-mpi -Dmpi=enabled. Safe to run again: it
# installs only what is missing. The default build needs none of this.
set -euo pipefail

packages=(libopenmpi-dev openmpi-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "mpi_setup: installing ${missing[*]} (apt-get)" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "mpi_setup: Open MPI $(mpirun --version 2>/dev/null | head -n 1 | awk '{print $NF}') installed" >&2
