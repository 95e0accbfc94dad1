#!/usr/bin/env bash
# Measures the run-time-dispatched SIMD kernels (simd/) and writes
# perf-reports/kernels.md, perf-reports/kernels.png and perf-reports/kernels.dat.
#
#   scripts/kernels_report.sh
#
# 1. Builds the CLI and every bench/simd/ benchmark in ./build-kernels (or
#    $KERNELS_BUILD_DIR; configured with -Dbenchmarks=true
#    --buildtype=release if it is not there).
# 2. Runs every bm_* program built from bench/simd/ (bm_laser_batch, and
#    any other that exists): each registers one benchmark per kernel, position set and implementation this
#    CPU supports, named <kernel>/<impl>/<set>/... (bench/simd/simd_bench.h),
#    which is how results are grouped. $REPETITIONS (default 5) repetitions
#    in random interleaving, aggregates only, JSON kept under
#    <build>/kernels-report/.
# 3. Times the README's main job, `leiserchess perft --edition 2018 --depth 5`,
#    `leiserchess perft --edition 2016 --depth 5 --pseudo`, and 2018 and 2016
#    legal perft 5 with and without `--batch-lasers` (the path through the
#    batch op),
#    under LEISER_SIMD=scalar, avx2 and avx512 ($PERFT_RUNS runs each, default
#    5, interleaved), median of the reported time and leaves/s.
# 4. Writes the report, the plotted data and, where gnuplot is installed, a
#    PNG of the speed-ups.
#
# REPORT_LOAD_WAIT_S=N waits up to N seconds for a quieter machine first
# (scripts/lib/report_common.sh). Needs meson, ninja, python3 (standard
# library only) and lscpu; gnuplot for the picture.
set -euo pipefail
# shellcheck source=lib/report_common.sh
. "$(dirname "$0")/lib/report_common.sh"
report_init kernels_report

build_dir=${KERNELS_BUILD_DIR:-build-kernels}
out_dir=perf-reports
raw_dir="$build_dir/kernels-report"  # Google Benchmark JSON and console logs
repetitions=${REPETITIONS:-5}
perft_runs=${PERFT_RUNS:-5}
perft_impls=(scalar avx2 avx512)
# label|perft arguments|depth whose count and time are read
perft_configs=(
  "2018 legal|--edition 2018 --depth 5|5"
  "2018 legal, batched lasers|--edition 2018 --depth 5 --batch-lasers|5"
  "2016 pseudo|--edition 2016 --depth 5 --pseudo|5"
  "2016 legal|--edition 2016 --depth 5|5"
  "2016 legal, batched lasers|--edition 2016 --depth 5 --batch-lasers|5"
)
report="$out_dir/kernels.md"
plot_png="$out_dir/kernels.png"
plot_data="$out_dir/kernels.dat"
cli="$build_dir/leiserchess"

# --- build -------------------------------------------------------------------
report_configure "$build_dir" benchmarks=true buildtype=release
# The CLI and every bm_* executable under bench/simd/.
mapfile -t bench_targets < <(report_executables "$build_dir" bench/simd bm_)
if [ ${#bench_targets[@]} -eq 0 ]; then
  log "meson knows no bm_* executable under bench/simd/ in $build_dir"
  exit 1
fi
report_build "$build_dir" "${bench_targets[@]}" leiserchess
mkdir -p "$out_dir" "$raw_dir"

# --- machine -----------------------------------------------------------------
report_machine_info "$build_dir"
# What the program itself detects (cpuid + xgetbv): the UCI "simd" option
# lists simd::supported(), best first, and its default is the start-up choice.
simd_option=$(printf 'uci\nquit\n' | env -u LEISER_SIMD "$cli" | grep '^option name simd ' || true)
supported_impls=$(sed -n 's/^option name simd type combo default [^ ]*//; s/ var / /g; s/^ //p' \
  <<<"$simd_option" | head -n 1)
if [ -z "$supported_impls" ]; then
  log "could not read the supported implementations from '$cli' (uci)"
  exit 1
fi
default_impl=$(sed -n 's/.* default \([^ ]*\).*/\1/p' <<<"$simd_option")
# Every implementation built into the program, from the message an unknown
# LEISER_SIMD request gets ("known: avx512, avx2, scalar, auto").
built_impls=$(LEISER_SIMD=kernels-report-none "$cli" --version 2>&1 >/dev/null |
  sed -n 's/.*known: \([^)]*\)).*/\1/p' | tr -d ',' | sed 's/ *auto//')
[ -n "$built_impls" ] || built_impls="avx512 avx2 scalar"
report_wait_for_load
load_before=$(report_load)
log "load average before: $load_before"

# --- SIMD microbenchmarks ----------------------------------------------------
# Random interleaving runs the repetitions of all benchmarks of a program in
# a shuffled order, so that a burst of load on the shared machine spreads
# over many benchmarks instead of skewing every repetition of one.
bench_flags="--benchmark_repetitions=$repetitions --benchmark_report_aggregates_only=true"
bench_flags+=" --benchmark_enable_random_interleaving=true --benchmark_out_format=json"
bench_commands=()
: >"$tmp_dir/bench-json.txt"
for target in "${bench_targets[@]}"; do
  exe="$build_dir/$target"
  name=$(basename "$target")
  json="$raw_dir/$name.json"
  command="$exe $bench_flags --benchmark_out=$json"
  bench_commands+=("$command")
  log "$command"
  # shellcheck disable=SC2086  # the flags are a list of words
  if ! "$exe" $bench_flags --benchmark_out="$json" >"$raw_dir/$name.log" 2>&1; then
    cat "$raw_dir/$name.log" >&2
    log "$name failed"
    exit 1
  fi
  # Implementations the program skipped (not supported by this CPU).
  grep -h ': skipping ' "$raw_dir/$name.log" >>"$tmp_dir/skipped.txt" || true
  echo "$json" >>"$tmp_dir/bench-json.txt"
done
touch "$tmp_dir/skipped.txt"

# --- perft under each LEISER_SIMD --------------------------------------------
# Interleaved (scalar, avx2, avx512, scalar, ...) so that a burst of load on
# the shared machine does not land on one implementation only.
perft_results="$tmp_dir/perft.tsv"  # config, impl, active, leaves, ms, leaves/s, stderr
: >"$perft_results"
for ((run = 1; run <= perft_runs; ++run)); do
  for config in "${perft_configs[@]}"; do
    IFS='|' read -r label perft_args depth <<<"$config"
    for impl in "${perft_impls[@]}"; do
      log "LEISER_SIMD=$impl $cli perft $perft_args (run $run of $perft_runs)"
      active=$(LEISER_SIMD=$impl "$cli" --version 2>/dev/null | sed -n 's/.*(simd \([^)]*\)).*/\1/p')
      # shellcheck disable=SC2086  # perft_args is a list of words
      output=$(LEISER_SIMD=$impl "$cli" perft $perft_args 2>"$tmp_dir/perft.err")
      warning=$(tr '\n\t' '  ' <"$tmp_dir/perft.err")
      leaves=$(awk -v d="$depth" '$1 == "perft" && $2 == d { print $3 }' <<<"$output")
      read -r ms rate < <(sed -n "s/^time \([0-9]*\) ms (depth $depth), \([0-9]*\) leaves\/s.*/\1 \2/p" \
        <<<"$output") || true
      if [ -z "$leaves" ] || [ -z "${ms:-}" ] || [ -z "${rate:-}" ]; then
        log "unexpected perft output: $output"
        exit 1
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label|$perft_args" "$impl" "$active" "$leaves" \
        "$ms" "$rate" "$warning" >>"$perft_results"
    done
  done
done
load_after=$(report_load)
log "load average after: $load_after"

# --- report ------------------------------------------------------------------
export DATE_UTC="$date_utc" COMMIT="$commit" CPU_MODEL="$cpu_model" CPU_COUNT="$cpu_count"
export CPU_FLAGS="$cpu_flags" HYPERVISOR="$hypervisor" COMPILER="$compiler"
export BUILD_OPTIONS="$build_options" BUILD_DIR="$build_dir" BUILD_COMMAND="$build_command"
export SUPPORTED_IMPLS="$supported_impls" DEFAULT_IMPL="$default_impl" BUILT_IMPLS="$built_impls"
export LOAD_BEFORE="$load_before" LOAD_AFTER="$load_after" REPETITIONS="$repetitions"
export LOAD_WAIT_NOTE="$load_wait_note" SKIPPED="$tmp_dir/skipped.txt"
export PERFT_RUNS="$perft_runs" PERFT_RESULTS="$perft_results"
export CLI="$cli" RAW_DIR="$raw_dir" PLOT_DATA="$plot_data" PLOT_PNG="$plot_png"
export BENCH_JSON_LIST="$tmp_dir/bench-json.txt"
printf '%s\n' "${bench_commands[@]}" >"$tmp_dir/bench-commands.txt"
export BENCH_COMMANDS="$tmp_dir/bench-commands.txt"
export PLOT_META="$tmp_dir/plot.env"

# Without gnuplot the report says so and no stale picture stays behind.
HAVE_GNUPLOT=0
command -v gnuplot >/dev/null && HAVE_GNUPLOT=1
export HAVE_GNUPLOT
python3 scripts/kernels_report.py >"$report"  # report_init went to the repository root

# --- plot --------------------------------------------------------------------
plot_impls="" plot_targets="" plot_common="" plot_sets=1 plot_ymax=""
# shellcheck disable=SC1090  # written by the Python step above: plot_impls, plot_sets, plot_targets
. "$PLOT_META"
if [ "$HAVE_GNUPLOT" = 0 ]; then
  rm -f "$plot_png"
  log "no gnuplot: wrote $report and $plot_data, no plot"
  exit 0
fi
if gnuplot -e 'set terminal' 2>&1 | grep -qw pngcairo; then
  terminal="pngcairo size 1300,720 font 'sans,10'"
else
  log "gnuplot has no pngcairo terminal; using png"
  terminal="png size 1300,720"
fi
read -ra impls <<<"$plot_impls"
n_impls=${#impls[@]}
target_lines=""
for t in $plot_targets; do
  impl=${t%%:*}
  value=${t#*:}
  target_lines+="set arrow from graph 0, first $value to graph 1, first $value nohead dt 2 lw 1.5 lc rgb '#aa3377' front
set label \"trace_lasers: $impl target ${value}x\" at graph 0.005, first $value offset 0,0.6 left tc rgb '#aa3377' font ',9' front noenhanced
"
done
gnuplot <<GNUPLOT
set terminal $terminal
set output '$plot_png'
set title "SIMD kernels: speed-up over scalar (median CPU time per item)${plot_common:+, $plot_common}\ncommit $commit, $cpu_model, $cpu_count vCPUs, $date_utc" noenhanced
set datafile separator "\t"
set datafile missing '-'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.75 border -1
set boxwidth 1
set ylabel 'speed-up over scalar (x)'
set xrange [-0.6:$plot_sets - 0.4]
set yrange [0:${plot_ymax:-*}]
set grid ytics
set xtics noenhanced font ',8' rotate by 30 right
set bmargin 10
set lmargin 22
set rmargin 3
set key tmargin center horizontal noenhanced autotitle columnheader
set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb '#666666' lw 1 back
$target_lines
colors = "#bbbbbb #4477aa #228833 #ccbb44 #ee6677"
n = $n_impls
gap = 1.0
# x of bar i (0-based) in cluster \$0 of a clustered histogram
xbar(cluster, i) = cluster + (i - (n - 1) / 2.0) / (n + gap)
plot for [i=2:n+1] '$plot_data' using i:xtic(1) lc rgb word(colors, i - 1), \
     for [i=2:n+1] '' using (xbar(\$0, i - 2)):(column(i)):(sprintf('%.2f', column(i))) \
       with labels offset 0,0.7 font ',8' notitle
GNUPLOT

log "wrote $report, $plot_png and $plot_data"
