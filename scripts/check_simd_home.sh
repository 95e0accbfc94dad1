#!/usr/bin/env bash
# simd/ is the one home of vector code (issue 40): no intrinsic, vector type,
# <immintrin.h> or compile-time test of an AVX macro in C++ sources outside
# simd/. Code elsewhere calls the primitives of simd/ (simd/README.md), which
# are written once over simd/vec.h and tested per instruction set.
# Second rule: the kernel sits below simd/'s batch ops (which use the kernel's
# boards) but uses simd/'s primitives, so the simd/ headers that kernel/
# includes, and every header they include, include nothing outside simd/: the
# primitives are a layer below kernel/, the batch ops one above it.
#
# usage: check_simd_home.sh [ROOT]   check ROOT (default: this repository);
#                                    exit 1 and name every offending line
#        check_simd_home.sh --control
#                                    negative control: checks that a tree with
#                                    one offending file fails, for that file
set -euo pipefail

# Intrinsic calls (_mm_, _mm256_, _mm512_), vector and mask types, the
# header, and the compiler's AVX macros (__AVX__, __AVX2__, __AVX512F__...).
pattern='\b_mm(256|512)?_[a-z0-9_]+|\b__m(128|256|512)[id]?\b|\b__mmask(8|16|32|64)\b|immintrin\.h|__AVX[0-9A-Z_]*__'

if [ "${1:-}" = "--control" ]; then
  tree=$(mktemp -d)
  trap 'rm -rf "$tree"' EXIT
  mkdir -p "$tree/simd" "$tree/search"
  printf '#include <immintrin.h>\n' >"$tree/simd/allowed.h"
  printf 'int f() {\n#if defined(__AVX2__)\n  return 1;\n#endif\n  return 0;\n}\n' >"$tree/search/offending.h"
  # The check's output and exit status on a tree made to fail it.
  check_tree() {
    set +e
    output=$("$0" "$1" 2>&1)
    status=$?
    set -e
  }
  check_tree "$tree"
  if [ "$status" -ne 1 ]; then
    echo "control: expected exit 1 for a tree with an AVX test outside simd/, got $status" >&2
    echo "$output" >&2
    exit 1
  fi
  if ! grep -q 'search/offending.h:2:' <<<"$output" || grep -q 'simd/allowed.h' <<<"$output"; then
    echo "control: the check failed for the wrong reason:" >&2
    echo "$output" >&2
    exit 1
  fi
  echo "control: a tree with an AVX test outside simd/ fails, naming it"
  layered=$(mktemp -d)
  trap 'rm -rf "$tree" "$layered"' EXIT
  mkdir -p "$layered/simd" "$layered/kernel"
  printf '#include "simd/lanes.h"\n' >"$layered/kernel/movegen.h"
  printf '#include "simd/vec.h"\n' >"$layered/simd/lanes.h"
  printf '#include "kernel/board.h"\n' >"$layered/simd/vec.h"
  printf 'struct Board {};\n' >"$layered/kernel/board.h"
  check_tree "$layered"
  if [ "$status" -ne 1 ] || ! grep -q 'simd/vec.h includes kernel/board.h' <<<"$output"; then
    echo "control: a kernel/ header using a simd/ header that includes kernel/ was not refused ($status):" >&2
    echo "$output" >&2
    exit 1
  fi
  echo "control: a simd/ header used by kernel/ that includes kernel/ fails, naming it"
  exit 0
fi

root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ]; then
  # Tracked and new files, not build directories or other ignored output.
  files=$(git ls-files --cached --others --exclude-standard -- '*.h' '*.hpp' '*.cpp' '*.cc' '*.inc')
else
  files=$(find . -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' -o -name '*.cc' -o -name '*.inc' \) \
          -not -path './build*' | sed 's|^\./||')
fi
checked=0
offending=""
while IFS= read -r file; do
  [ -n "$file" ] || continue
  case "$file" in simd/*) continue ;; esac
  [ -f "$file" ] || continue
  checked=$((checked + 1))
  if hits=$(grep -nE "$pattern" "$file"); then
    offending+=$(sed "s|^|$file:|" <<<"$hits")$'\n'
  fi
done <<<"$files"

if [ "$checked" -eq 0 ]; then
  echo "check_simd_home: no C++ source found under $root: nothing was checked" >&2
  exit 2
fi
if [ -n "$offending" ]; then
  echo "check_simd_home: vector code outside simd/ (move it into a primitive of simd/, simd/README.md):" >&2
  printf '%s' "$offending" >&2
  exit 1
fi
# The simd/ headers kernel/ uses, and all they include, stay within simd/.
queue=$(grep -hoE '#include "simd/[^"]+"' $(grep -E '^kernel/' <<<"$files" || true) /dev/null 2>/dev/null |
        sed 's/#include "\(.*\)"/\1/' | sort -u)
seen=""
layering=""
while [ -n "$queue" ]; do
  header=$(head -n1 <<<"$queue")
  queue=$(tail -n +2 <<<"$queue")
  case " $seen " in *" $header "*) continue ;; esac
  seen+=" $header"
  [ -f "$header" ] || continue
  while IFS= read -r included; do
    [ -n "$included" ] || continue
    case "$included" in
      simd/*) queue+=$'\n'"$included" ;;
      *) layering+="$header includes $included"$'\n' ;;
    esac
  done < <(grep -oE '#include "[^"]+"' "$header" | sed 's/#include "\(.*\)"/\1/')
  queue=$(sed '/^$/d' <<<"$queue")
done
if [ -n "$layering" ]; then
  echo "check_simd_home: kernel/ uses simd/ headers that reach outside simd/ (a primitive must not" >&2
  echo "depend on the kernel; docs/architecture.md):" >&2
  printf '%s' "$layering" >&2
  exit 1
fi
primitives=$(wc -w <<<"$seen")
echo "check_simd_home: $checked C++ sources outside simd/, no intrinsic and no AVX test;" \
     "kernel/ uses $primitives simd/ headers, all within simd/"
