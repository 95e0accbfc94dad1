#!/usr/bin/env bash
# Packs built fuzz harnesses into one folder that runs on another x86-64 Linux
# machine without clang or the fuzz build (a many-core machine lent for long
# fuzzing runs): the harness binaries, the shared libraries they need that are
# not glibc's (oneTBB, the C++ runtime), and their seed corpora. Run them
# there with `scripts/fuzz.sh --prebuilt DIR`, from a checkout of the same
# commit (fuzz.sh and the dictionaries of fuzz/ come from the checkout).
#
# Usage: scripts/fuzz_pack.sh DIR [harness ...]   (default: all harnesses)
# Needs build-fuzz (scripts/fuzz_setup.sh) and ../shared/vectors and
# ../shared/openings (or LEISER_VECTORS_DIR / LEISER_OPENINGS) for the seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/fuzz_harnesses.sh

if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,11p' "$0"
  exit 2
fi
pack="$1"
shift
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=("${fuzz_all_harnesses[@]}")
fuzz_build fuzz_pack

mkdir -p "$pack"
for h in "${harnesses[@]}"; do
  binary="build-fuzz/fuzz/$h"
  if [ ! -x "$binary" ]; then
    echo "fuzz_pack: unknown harness $h (no $binary)" >&2
    exit 2
  fi
  cp "$binary" "$pack/"
  # glibc's own libraries (libc, libm, the loader) must be the target's; the
  # others are copied so that a bare machine need not have them installed.
  ldd "$binary" |
    awk '$2 == "=>" && $3 ~ /^\// && $3 !~ /\/(libc|libm|libpthread|libdl|librt|ld-linux[^\/]*)\.so/ {print $3}' |
    while read -r library; do cp -L "$library" "$pack/"; done
done

fuzz_make_seeds "$pack/seeds"
echo "fuzz_pack: $pack holds ${harnesses[*]}, their libraries and seeds ($(du -sh "$pack" | cut -f1))" >&2
