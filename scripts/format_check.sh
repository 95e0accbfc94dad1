#!/usr/bin/env bash
# clang-format check of the C++ sources (.clang-format: Google style, 100 columns), run by
# CI (.ci/run). Only the paths listed in FORMATTED below are checked: they have been
# reformatted; the rest of the tree is added folder by folder as each is reformatted
# (reformatting a folder others are editing would only make merge conflicts).
#
#   bash scripts/format_check.sh          check: lists each file that is off, exits 1 if any
#   bash scripts/format_check.sh --fix    reformat the listed files in place
#
# Every C++ folder of the tree is listed (search/ and tests/search/ were the last).
# The formatting is that of Debian's clang-format (14 on bookworm), which this script installs
# when it is missing; another version may format a few constructs differently.
set -euo pipefail
cd "$(dirname "$0")/.."

FORMATTED=(base core datagen kernel simd nnue search cli commands arena capi mpi web bench fuzz examples tests/arena
           tests/commands tests/eval tests/kernel tests/library tests/mpi tests/nnue tests/search tests/simd tests/support
           tests/tsan tests/web)
NOT_YET=()

mode=check
case "${1:-}" in
  "") ;;
  --fix) mode=fix ;;
  *) echo "format_check: unknown argument '$1' (expected nothing or --fix)" >&2; exit 2 ;;
esac

source scripts/lib/debian_packages.sh
ensure_debian_packages format_check clang-format

for path in "${FORMATTED[@]}"; do
  if [ ! -d "$path" ]; then
    echo "format_check: '$path' is listed as formatted but is not a folder here" >&2
    exit 1
  fi
done
files=()
while IFS= read -r -d '' file; do
  skip=0
  for not_yet in "${NOT_YET[@]}"; do [ "$file" = "$not_yet" ] && skip=1; done
  [ "$skip" -eq 0 ] && files+=("$file")
done < <(find "${FORMATTED[@]}" -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.c' \) -print0 |
         sort -z)
if [ ${#files[@]} -eq 0 ]; then
  echo "format_check: no C++ file found under ${FORMATTED[*]}: nothing was checked" >&2
  exit 1
fi

if [ "$mode" = fix ]; then
  clang-format -i "${files[@]}"
  echo "format_check: reformatted ${#files[@]} files" >&2
  exit 0
fi

# The check must be able to fail: a badly formatted line is refused first.
if printf 'int  main( ){return 0;}\n' |
   clang-format --dry-run -Werror --assume-filename=control.cpp >/dev/null 2>&1; then
  echo "format_check: clang-format accepted a badly formatted control: the check cannot fail" >&2
  exit 1
fi

bad=()
for file in "${files[@]}"; do
  clang-format --dry-run -Werror "$file" >/dev/null 2>&1 || bad+=("$file")
done
version=$(clang-format --version)
if [ ${#bad[@]} -ne 0 ]; then
  echo "format_check: ${#bad[@]} of ${#files[@]} files are not formatted (${version}):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "format_check: 'clang-format --dry-run -Werror FILE' shows where;" \
       "'bash scripts/format_check.sh --fix' reformats them" >&2
  exit 1
fi
echo "format_check: ${#files[@]} files formatted (${version})" >&2
