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
#    medians (JSON under perf-reports/bench-*.json).
# 4. Writes the report, a data file and a gnuplot PNG of ns per item.
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

# --- build -------------------------------------------------------------------
report_configure "$build_dir" benchmarks=true
# Only the CLI and the kernel benchmarks (bench/bm_*): the tests and the
# SIMD benchmarks in bench/simd/ are not needed here.
mapfile -t targets < <(report_executables "$build_dir" "" leiserchess
  report_executables "$build_dir" bench bm_)
report_build "$build_dir" "${targets[@]}"
mkdir -p "$out_dir"

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
  json="$out_dir/bench-$name.json"
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
export PERFT_RESULTS="$perft_results" OUT_DIR="$out_dir" PLOT_DATA="$plot_data"
export PLOT_PNG="$plot_png" BUILD_DIR="$build_dir"
bench_commands_file="$tmp_dir/bench-commands.txt"
printf '%s\n' "${bench_commands[@]}" >"$bench_commands_file"
export BENCH_COMMANDS="$bench_commands_file"

python3 - >"$report" <<'PYTHON'
import glob
import json
import os
import statistics

env = os.environ

# What one benchmark "item" is, by the benchmark's first name component.
ITEM_KIND = {"laser": "call", "movegen": "call", "make": "move", "make_strategy": "move",
             "perft": "leaf"}
TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def fmt_rate(per_second):
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if per_second >= scale:
            return f"{per_second / scale:.3g} {suffix}/s"
    return f"{per_second:.3g} /s"


def fmt_ns(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.3g} µs"
    return f"{ns:.3g} ns"


# Medians (and coefficients of variation) of every benchmark.
rows = []
for path in sorted(glob.glob(os.path.join(env["OUT_DIR"], "bench-bm_*.json"))):
    with open(path) as f:
        data = json.load(f)
    cvs = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") == "cv":
            cvs[b["run_name"]] = b["cpu_time"]
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        name = b["run_name"]
        real_ns = b["real_time"] * TO_NS[b["time_unit"]]
        cpu_ns = b["cpu_time"] * TO_NS[b["time_unit"]]
        items_per_second = b.get("items_per_second", 0.0)
        rows.append({
            "name": name,
            "binary": os.path.basename(path)[len("bench-"):-len(".json")],
            "real_ns": real_ns,
            "cpu_ns": cpu_ns,
            "items_per_second": items_per_second,
            "ns_per_item": 1e9 / items_per_second if items_per_second else float("nan"),
            "item": ITEM_KIND.get(name.split("/")[0], "item"),
            "cv": cvs.get(name, float("nan")),
        })

# Random interleaving shuffles the output; list by name (kernel, function,
# edition), which groups what belongs together.
rows.sort(key=lambda r: r["name"])

with open(env["PLOT_DATA"], "w") as f:
    f.write("# benchmark\tns_per_item\titem\n")
    for r in rows:
        f.write(f"{r['name']}\t{r['ns_per_item']:.6g}\t{r['item']}\n")

perft = []
with open(env["PERFT_RESULTS"]) as f:
    for line in f:
        label, command, leaves, times = line.rstrip("\n").split("\t")
        ms = [int(t) for t in times.split(",")]
        median_ms = statistics.median(ms)
        perft.append((label, command, int(leaves), ms, median_ms))

with open(env["BENCH_COMMANDS"]) as f:
    bench_commands = [line.rstrip("\n") for line in f if line.strip()]

out = []
w = out.append
w("# Kernel performance report")
w("")
w("Generated by `scripts/perf_report.sh`; do not edit by hand, run the script again.")
w("")
w(f"- Date: {env['DATE_UTC']}")
w(f"- Commit: `{env['COMMIT']}`")
w(f"- CPU: {env['CPU_MODEL']} ({env['CPU_COUNT']} logical CPUs)")
w(f"- Compiler: {env['COMPILER']}")
w(f"- Build: `{env['BUILD_DIR']}`, {env['BUILD_OPTIONS']}")
w(f"- Load average (1, 5, 15 min) before the runs: {env['LOAD_BEFORE']}; "
  f"after: {env['LOAD_AFTER']}. The machine may be shared, so single runs are noisy; "
  "every figure below is a median.")
if env.get("LOAD_WAIT_NOTE"):
    w(f"- {env['LOAD_WAIT_NOTE']}")
w("")
w("## Perft (CLI)")
w("")
w(f"Each command was run {env['RUNS']} times; the time is the one the CLI reports for the "
  "last depth alone (`time N ms (depth 5)`), leaves/s is leaves over the median time.")
busy = max(float(env["LOAD_BEFORE"].split()[0]), float(env["LOAD_AFTER"].split()[0]))
if busy >= int(env["CPU_COUNT"]):
    w("")
    w(f"**Caution:** the load average ({busy:g}) reached the number of CPUs "
      f"({env['CPU_COUNT']}), so other processes competed for the CPUs during these "
      "wall-clock timings; two-thread runs in particular may show no speed-up. The "
      "microbenchmarks below report CPU time, which such load disturbs less.")
w("")
w("```sh")
for _, command, _, _, _ in perft:
    w(command)
w("```")
w("")
w("| Configuration | Leaves (depth 5) | Median time (ms) | Leaves/s | Runs (ms) |")
w("|---|---:|---:|---:|---|")
for label, _, leaves, ms, median_ms in perft:
    rate = leaves / (median_ms / 1000.0) if median_ms else 0.0
    w(f"| {label} | {leaves:,} | {median_ms:g} | {fmt_rate(rate)} | "
      f"{', '.join(str(t) for t in ms)} |")
w("")
w("## Microbenchmarks")
w("")
w(f"Google Benchmark, {env['REPETITIONS']} repetitions, medians:")
w("")
w("```sh")
for command in bench_commands:
    w(command)
w("```")
w("")
w("An item is one call (laser, movegen), one move made (make, make_strategy) or one leaf "
  "(perft); one iteration runs the function over all benchmark positions of the edition "
  "(bench/positions.h), or the whole walk or perft. Google Benchmark computes items/s from "
  "CPU time, so ns per item (1e9 / items/s) is CPU time too: on a busy machine it is the "
  "steadier figure, while real time also counts the time the process waited for a CPU. "
  "CV is the coefficient of variation of the CPU time over the repetitions.")
w("")
w("| Benchmark | CPU time per iteration | Real time per iteration | Items/s | ns per item | "
  "Item | CV |")
w("|---|---:|---:|---:|---:|---|---:|")
for r in rows:
    w(f"| `{r['name']}` | {fmt_ns(r['cpu_ns'])} | {fmt_ns(r['real_ns'])} | "
      f"{fmt_rate(r['items_per_second'])} | {r['ns_per_item']:.3g} | {r['item']} | "
      f"{100 * r['cv']:.1f}% |")
w("")
w("Debian's libbenchmark prints `Library was built as DEBUG`: that concerns the library's "
  "own bookkeeping, not the measured code, which is built as above.")
w("")
w(f"![ns per item]({os.path.basename(env['PLOT_PNG'])})")
w("")
w(f"Raw data: `{os.path.basename(env['PLOT_DATA'])}` (the plotted medians) and "
  "`bench-bm_*.json` (Google Benchmark's output).")
w("")
w("See docs/make-strategy.md for the copy-make vs make/unmake comparison "
  "(`make_strategy/*`).")
print("\n".join(out))
PYTHON

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
