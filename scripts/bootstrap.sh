#!/usr/bin/env bash
# Installs what the build needs (Debian packages), then configures and builds
# the project in ./build. Safe to run again: it installs only what is missing
# and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ meson ninja-build pkg-config libtbb-dev libxsimd-dev libgtest-dev libbenchmark-dev
  libtsan2)  # libtsan2: the ThreadSanitizer runtime of the tsan suite (.ci/run)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f build/build.ninja ]; then
  meson setup build --buildtype=release "$@" >/dev/null
fi
ninja -C build >/dev/null
echo "bootstrap: built build/leiserchess" >&2
