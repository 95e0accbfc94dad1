#!/usr/bin/env bash
# Optional set-up for the libFuzzer harnesses (fuzz/, issue 13): installs
# clang and its sanitizer/libFuzzer runtimes if missing (Debian packages, via
# apt), then configures build-fuzz: clang, ASan + UBSan, -Dfuzzers=true. The
# default build (scripts/bootstrap.sh) needs none of this.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(clang libclang-rt-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz_setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The project's own dependencies (libtbb-dev, ...) and its default build.
bash scripts/bootstrap.sh

if [ ! -f build-fuzz/build.ninja ]; then
  # b_lundef=false: clang's sanitizer runtimes are linked by the driver, not
  # as libraries meson can see.
  # The harnesses call the libraries directly: the wide engine cores (the same
  # source, compiled for other instruction sets) are not built.
  CXX=clang++ CC=clang meson setup build-fuzz -Dfuzzers=true -Dtests=false '-Disa_cores=[]' \
    -Db_sanitize=address,undefined -Db_lundef=false --buildtype=debugoptimized >/dev/null
fi
echo "fuzz_setup: build-fuzz configured (ninja -C build-fuzz builds the harnesses)" >&2
