#!/usr/bin/env bash
# Runs the libFuzzer harnesses of fuzz/ (issue 13) and prints, per harness,
# the inputs run, the crashes found and the time taken.
#
# Usage: scripts/fuzz.sh [--runs N] [--time S] [--jobs J] [--merge] [--prebuilt DIR] [harness ...]
#   --runs N   inputs per harness (default 10000); per job with --jobs
#   --time S   stop each harness after S seconds even if N inputs have not run
#   --jobs J   J fuzzing processes per harness (libFuzzer -jobs/-workers; default 1)
#   --merge    first shrink the corpus to the inputs that add coverage (libFuzzer
#              -merge=1; not counted as inputs run): a corpus grown over long
#              runs holds several times more files than it needs, and every job
#              rescans the folder (-reload) for the others' finds
#   --prebuilt DIR  run the harnesses, libraries and seeds that scripts/fuzz_pack.sh
#              put in DIR (on a machine without the fuzz build); corpora, logs
#              and artifacts then live in DIR/work/<harness>
#   harness    fuzz_fen fuzz_move_text fuzz_protocol fuzz_openings fuzz_bench_file
#              fuzz_tactics_file fuzz_engine_output fuzz_net_file fuzz_data_file
#              fuzz_pgn_file
#              (default: all)
#
# Needs build-fuzz (scripts/fuzz_setup.sh: clang, ASan + UBSan, -Dfuzzers=true).
# Seeds come from ../shared/vectors and ../shared/openings (scripts/fuzz_seeds.py,
# or LEISER_VECTORS_DIR / LEISER_OPENINGS); each harness's corpus grows in
# build-fuzz/fuzz-work/<harness>/corpus and is kept between runs. A crash, a
# hang (-timeout), a leak or a broken promise (fuzz/fuzz_check.h) leaves its input
# in build-fuzz/fuzz-work/<harness>/artifacts and makes the exit status 1 (inputs
# slower than 10 s are kept there too, as slow-unit-*, but are not failures).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/fuzz_harnesses.sh

runs=10000
seconds_limit=0
jobs=1
prebuilt=""
merge=0
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --time) seconds_limit="$2"; shift 2 ;;
    --prebuilt) prebuilt="$2"; shift 2 ;;
    --merge) merge=1; shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
[ ${#harnesses[@]} -eq 0 ] && harnesses=("${fuzz_all_harnesses[@]}")

root=$(pwd)
if [ -n "$prebuilt" ]; then
  if [ ! -d "$prebuilt/seeds" ]; then
    echo "fuzz: $prebuilt is not a pack of scripts/fuzz_pack.sh (no seeds folder)" >&2
    exit 2
  fi
  prebuilt=$(cd "$prebuilt" && pwd)
  binaries="$prebuilt"
  work="$prebuilt/work"
  seeds="$prebuilt/seeds"
  export LD_LIBRARY_PATH="$prebuilt${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  fuzz_build fuzz
  binaries="$root/build-fuzz/fuzz"
  work="$root/build-fuzz/fuzz-work"
  seeds="$work/seeds"
  fuzz_make_seeds "$seeds"
fi

flags_for() {
  case "$1" in
    fuzz_fen) echo "-max_len=256 -dict=fuzz/fen.dict" ;;
    fuzz_move_text) echo "-max_len=128 -dict=fuzz/move.dict" ;;
    fuzz_protocol) echo "-max_len=4096 -dict=fuzz/protocol.dict" ;;
    fuzz_openings) echo "-max_len=2048 -dict=fuzz/move.dict" ;;
    fuzz_bench_file) echo "-max_len=1024 -dict=fuzz/fen.dict" ;;
    fuzz_tactics_file) echo "-max_len=2048 -dict=fuzz/fen.dict" ;;
    fuzz_engine_output) echo "-max_len=1024" ;;
    fuzz_net_file) echo "-max_len=512" ;;
    fuzz_data_file) echo "-max_len=1024" ;;
    fuzz_pgn_file) echo "-max_len=2048 -dict=fuzz/pgn.dict" ;;
    *) echo "fuzz: unknown harness $1" >&2; exit 2 ;;
  esac
}

status=0
printf '| harness | inputs run | crashes | seconds |\n|---|---:|---:|---:|\n'
for h in "${harnesses[@]}"; do
  flags=$(flags_for "$h")
  if [ ! -x "$binaries/$h" ]; then
    echo "fuzz: no $binaries/$h" >&2
    exit 2
  fi
  dir="$work/$h"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  count_failures() { find "$dir/artifacts" -type f ! -name 'slow-unit-*' | wc -l; }
  # Shared by the merge and the run, so that both stop a slow input and keep
  # a crashing one in the same place.
  # -timeout: one input may take this long (a protocol session runs real
  # searches, under ASan); -rss_limit_mb: the engine's hash tables are mapped
  # lazily, so a session asking for gigabytes touches only what it searches.
  limits=(-timeout=60 -rss_limit_mb=4096 -artifact_prefix="$dir/artifacts/")
  if [ "$merge" -eq 1 ] && [ -n "$(ls -A "$dir/corpus")" ]; then
    rm -rf "$dir/corpus.merged" && mkdir "$dir/corpus.merged"
    if ! "$binaries/$h" -merge=1 $(echo "$flags" | sed 's| -dict=.*||') "${limits[@]}" \
        "$dir/corpus.merged" "$dir/corpus" >"$dir/merge.log" 2>&1; then
      echo "fuzz: merging the corpus of $h failed; log: $dir/merge.log" >&2
      exit 1
    fi
    echo "fuzz: $h corpus $(ls "$dir/corpus" | wc -l) -> $(ls "$dir/corpus.merged" | wc -l) files" >&2
    rm -rf "$dir/corpus" && mv "$dir/corpus.merged" "$dir/corpus"
  fi
  before=$(count_failures)
  start=$(date +%s)
  # With --jobs, libFuzzer writes a fuzz-N.log per job in the current folder.
  # -reload=60: the jobs pick up each other's finds once a minute; libFuzzer's
  # default (every second) stats every corpus file each time, which took 17%
  # of a fuzz_protocol job's time with 15,000 files.
  set +e
  # shellcheck disable=SC2086
  (cd "$dir" && rm -f fuzz-*.log &&
    "$binaries/$h" $(echo "$flags" | sed "s|-dict=|-dict=$root/|") -runs="$runs" -max_total_time="$seconds_limit" "${limits[@]}" \
      -reload=60 -print_final_stats=1 \
      $([ "$jobs" -gt 1 ] && echo "-jobs=$jobs -workers=$jobs") \
      "$dir/corpus" "$seeds/$h" >"$dir/last.log" 2>&1)
  rc=$?
  set -e
  seconds=$(( $(date +%s) - start ))
  # With --jobs the parent's output (last.log) repeats each job's log, so
  # the jobs' own logs are counted, once each.
  stats_logs=("$dir/last.log")
  [ "$jobs" -gt 1 ] && stats_logs=("$dir"/fuzz-*.log)
  executed=$(cat "${stats_logs[@]}" 2>/dev/null | grep -o 'stat::number_of_executed_units: [0-9]*' | awk '{s += $2} END {print s + 0}')
  crashes=$(( $(count_failures) - before ))
  printf '| %s | %s | %s | %s |\n' "$h" "$executed" "$crashes" "$seconds"
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    status=1
    echo "fuzz: $h failed (exit $rc); log: $dir/last.log; inputs: $dir/artifacts" >&2
    grep -E 'ERROR|fuzz check failed|SUMMARY' "$dir/last.log" | head -5 >&2 || true
  fi
done
exit $status
