#!/usr/bin/env bash
# Measures the kernel and writes perf-reports/kernel.md.
#
#   scripts/perf_report.sh
#
# 1. Builds the benchmarks in ./build-bench (configured with -Dbenchmarks=true
#    --buildtype=release if it is not there yet).
# 2. Times the CLI perft, five runs of each configuration (2016 pseudo and
#    2018 legal, depth 5, one and two threads), and takes the median of the
#    time it reports for depth 5.
# 3. Runs every bench/bm_* microbenchmark with five repetitions and keeps the
#    medians (Google Benchmark's JSON under <build>/perf-report/, not kept
#    in git: the report holds every median and CV).
# 4. Writes the report, a data file and a gnuplot PNG of ns per item.
#
# The report itself is written by scripts/perf_report.py.
#
# Needs meson, ninja, python3 (standard library only) and gnuplot.
set -euo pipefail
# shellcheck source=lib/report_common.sh
. "$(dirname "$0")/lib/report_common.sh"
report_init perf_report

build_dir=build-bench
out_dir=perf-reports
runs=5
repetitions=5
report="$out_dir/kernel.md"
plot_png="$out_dir/microbench.png"
plot_data="$out_dir/microbench.dat"
raw_dir="$build_dir/perf-report"  # Google Benchmark JSON, read back by perf_report.py

# --- build -------------------------------------------------------------------
report_configure "$build_dir" benchmarks=true
# Only the CLI and the kernel benchmarks (bench/bm_*): the tests and the
# SIMD benchmarks in bench/simd/ are not needed here.
mapfile -t targets < <(report_executables "$build_dir" "" leiserchess
  report_executables "$build_dir" bench bm_)
report_build "$build_dir" "${targets[@]}"
mkdir -p "$out_dir" "$raw_dir"

# --- machine -----------------------------------------------------------------
report_machine_info "$build_dir"
report_wait_for_load
load_before=$(report_load)

# --- perft through the CLI ---------------------------------------------------
# Each configuration: a label and the perft arguments.
perft_configs=(
  "2016 pseudo, 1 thread|--edition 2016 --depth 5 --pseudo --threads 1"
  "2016 pseudo, 2 threads|--edition 2016 --depth 5 --pseudo --threads 2"
  "2018 legal, 1 thread|--edition 2018 --depth 5 --legal --threads 1"
  "2018 legal, 2 threads|--edition 2018 --depth 5 --legal --threads 2"
)
perft_results="$tmp_dir/perft.tsv"  # label, command, leaves, ms of each run (comma separated)
: >"$perft_results"
for config in "${perft_configs[@]}"; do
  label=${config%%|*}
  args=${config#*|}
  command="$build_dir/leiserchess perft $args"
  times=()
  leaves=""
  for ((run = 1; run <= runs; ++run)); do
    log "$command (run $run of $runs)"
    # shellcheck disable=SC2086  # args is a list of words
    output=$("$build_dir/leiserchess" perft $args)
    run_leaves=$(awk '$1 == "perft" && $2 == 5 { print $3 }' <<<"$output")
    run_ms=$(awk '$1 == "time" { print $2 }' <<<"$output")
    if [ -z "$run_leaves" ] || [ -z "$run_ms" ]; then
      log "unexpected perft output: $output"
      exit 1
    fi
    if [ -n "$leaves" ] && [ "$leaves" != "$run_leaves" ]; then
      log "perft counts differ between runs: $leaves vs $run_leaves"
      exit 1
    fi
    leaves=$run_leaves
    times+=("$run_ms")
  done
  printf '%s\t%s\t%s\t%s\n' "$label" "$command" "$leaves" "$(IFS=,; echo "${times[*]}")" \
    >>"$perft_results"
done

# --- microbenchmarks ---------------------------------------------------------
# Random interleaving runs the repetitions of all benchmarks of a program in
# a shuffled order, so that a burst of load on a shared machine spreads over
# many benchmarks instead of skewing every repetition of one.
bench_flags="--benchmark_repetitions=$repetitions --benchmark_report_aggregates_only=true"
bench_flags+=" --benchmark_enable_random_interleaving=true"
bench_commands=()
for bench in "$build_dir"/bench/bm_*; do
  if [ ! -f "$bench" ] || [ ! -x "$bench" ]; then continue; fi
  name=$(basename "$bench")
  json="$raw_dir/bench-$name.json"
  command="$bench $bench_flags --benchmark_out_format=json --benchmark_out=$json"
  bench_commands+=("$command")
  log "$command"
  # shellcheck disable=SC2086  # the flags are a list of words
  if ! "$bench" $bench_flags --benchmark_out_format=json --benchmark_out="$json" \
    >"$tmp_dir/$name.log" 2>&1; then
    cat "$tmp_dir/$name.log" >&2
    log "$name failed"
    exit 1
  fi
done
if [ ${#bench_commands[@]} -eq 0 ]; then
  log "no benchmarks in $build_dir/bench"
  exit 1
fi
load_after=$(report_load)

# --- report ------------------------------------------------------------------
export DATE_UTC="$date_utc" COMMIT="$commit" CPU_MODEL="$cpu_model" CPU_COUNT="$cpu_count"
export COMPILER="$compiler" BUILD_OPTIONS="$build_options" LOAD_BEFORE="$load_before"
export LOAD_WAIT_NOTE="$load_wait_note" LOAD_AFTER="$load_after" RUNS="$runs" REPETITIONS="$repetitions"
export PERFT_RESULTS="$perft_results" RAW_DIR="$raw_dir" PLOT_DATA="$plot_data"
export PLOT_PNG="$plot_png" BUILD_DIR="$build_dir"
bench_commands_file="$tmp_dir/bench-commands.txt"
printf '%s\n' "${bench_commands[@]}" >"$bench_commands_file"
export BENCH_COMMANDS="$bench_commands_file"

python3 scripts/perf_report.py >"$report"  # report_init went to the repository root

# --- plot --------------------------------------------------------------------
if gnuplot -e 'set terminal' 2>&1 | grep -qw pngcairo; then
  terminal="pngcairo size 1100,900 font 'sans,10'"
else
  terminal="png size 1100,900"
fi
rows=$(grep -vc '^#' "$plot_data")
gnuplot <<GNUPLOT
set terminal $terminal
set output '$plot_png'
set title "Kernel microbenchmarks: median CPU ns per item (commit $commit)\n$cpu_model"
set datafile separator "\t"
set logscale x 10
set xlabel 'ns per item (log scale): call, move made, or perft leaf'
set xrange [0.1:*]
set yrange [$rows - 0.5:-0.5]
set ytics nomirror font ',9' noenhanced
set grid xtics mxtics
set style fill solid 0.6 border -1
set key off
plot '$plot_data' using (sqrt(\$2 * 0.1)):0:(0.1):2:(\$0 - 0.35):(\$0 + 0.35):ytic(1) \
       with boxxyerror lc rgb '#4477aa', \
     '' using 2:0:(sprintf(' %.3g', \$2)) with labels left font ',8' noenhanced
GNUPLOT

log "wrote $report and $plot_png"
