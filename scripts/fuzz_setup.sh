#!/usr/bin/env bash
# Optional set-up for the libFuzzer harnesses (fuzz/, issue 13): installs
# clang and its sanitizer/libFuzzer runtimes if missing (Debian packages, via
# apt), then configures build-fuzz: clang, ASan + UBSan, -Dfuzzers=true. The
# default build (scripts/bootstrap.sh) needs none of this.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/debian_packages.sh
ensure_debian_packages fuzz_setup clang libclang-rt-dev
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
