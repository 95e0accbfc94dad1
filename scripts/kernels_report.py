#!/usr/bin/env python3
"""Writes perf-reports/kernels.md (on stdout) and the plot's data and
settings from what scripts/kernels_report.sh measured.

Not meant to be run by hand: kernels_report.sh builds the benchmarks, runs
them and perft under each LEISER_SIMD, then calls this with its findings in
the environment:

  DATE_UTC COMMIT CPU_MODEL CPU_COUNT CPU_FLAGS HYPERVISOR COMPILER
  BUILD_OPTIONS BUILD_DIR BUILD_COMMAND      machine and build
  SUPPORTED_IMPLS DEFAULT_IMPL BUILT_IMPLS   implementations (space-separated)
  LOAD_BEFORE LOAD_AFTER LOAD_WAIT_NOTE      load averages
  REPETITIONS PERFT_RUNS                     how many runs
  BENCH_JSON_LIST BENCH_COMMANDS SKIPPED     files: Google Benchmark JSON paths,
                                             the commands run, skipped messages
  PERFT_RESULTS                              file: one tab-separated perft run a line
  CLI RAW_DIR PLOT_DATA PLOT_PNG PLOT_META   paths (PLOT_DATA and PLOT_META are written)

Run from the repository root (it reads simd/batch_ops.h).
"""
import json
import math
import os
import re
import statistics
import sys

if len(sys.argv) > 1:
    # --help (or anything else): say what this is and what it needs.
    print(__doc__.strip())
    sys.exit(0 if sys.argv[1] in ("-h", "--help") else 2)

env = os.environ
TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
# The targets for the batched laser trace, speed-up over scalar per board.
TARGETS = {"trace_lasers": {"avx2": 3.0, "avx512": 5.0}}
# The CPU features each implementation needs (simd/dispatch.h, simd/README.md).
NEEDS = {"avx2": ["avx2", "bmi2"],
         "avx512": ["avx512f", "avx512bw", "avx512dq", "avx512vl", "bmi2"],
         "scalar": []}

supported = env["SUPPORTED_IMPLS"].split()
built = env["BUILT_IMPLS"].split()
flags = set(env["CPU_FLAGS"].split())


def snake(camel):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


# The ops the dispatch table holds: one `X(name, Name, ...)` line each in
# LEISER_SIMD_BATCH_OPS, simd/batch_ops.h.
with open("simd/batch_ops.h") as f:
    all_kernels = re.findall(r"^\s*X\((\w+),", f.read(), re.M)

# Medians and CVs of every benchmark, keyed by (kernel, set, implementation).
results = {}
with open(env["BENCH_JSON_LIST"]) as f:
    json_files = [line.strip() for line in f if line.strip()]
for path in json_files:
    with open(path) as f:
        data = json.load(f)
    by_run = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            by_run.setdefault(b["run_name"], {})[b["aggregate_name"]] = b
    for run_name, aggs in by_run.items():
        median = aggs.get("median")
        if median is None:
            continue
        # <kernel>/<impl>/<set>/<arg>:<value>... (bench/simd/simd_bench.h);
        # tolerated: a BM_ prefix, a CamelCase kernel name, the
        # implementation elsewhere in the name or only in the label.
        parts = run_name.split("/")
        kernel = snake(re.sub(r"^BM_", "", parts[0]))
        label = median.get("label", "")
        if label in built:
            impl = label
        else:
            impl = next((p for p in parts[1:] if p in built), label or "?")
        rest = list(parts[1:])
        if impl in rest:
            rest.remove(impl)
        set_name = ", ".join(rest) or "default"
        # Per-item counters (ns_per_board, ns_per_move, ...) are inverted
        # rates, i.e. seconds per item in the JSON; otherwise fall back to
        # CPU time per iteration. ns_per_call is the cost of one call.
        counter = next((k for k in median if k.startswith("ns_per_") and k != "ns_per_call"),
                       None)
        if counter:
            value_ns = median[counter] * 1e9
            item = counter[len("ns_per_"):]
            unit = "ns per " + item
        else:
            value_ns = median["cpu_time"] * TO_NS[median["time_unit"]]
            item = "iteration"
            unit = "ns per call (iteration)"
        call_ns = median["ns_per_call"] * 1e9 if "ns_per_call" in median else None
        cv_entry = aggs.get("cv", {})
        cv = cv_entry.get(counter, cv_entry.get("cpu_time", float("nan")))
        results[(kernel, set_name, impl)] = {
            "ns": value_ns, "unit": unit, "item": item, "cv": cv, "call_ns": call_ns,
            "cpu_ns": median["cpu_time"] * TO_NS[median["time_unit"]],
            "program": os.path.basename(path)[:-len(".json")],
        }


def set_key(s):
    # Numeric parts sort as numbers (boards:4096 before boards:32768).
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


groups = sorted({(k, s) for (k, s, _) in results}, key=lambda g: (g[0], set_key(g[1])))
# Scalar first, then the wider ones (built lists the best first).
measured = {r[2] for r in results}
impl_order = [i for i in reversed(built) if i in measured]
impl_order += sorted(measured - set(impl_order))


def speedup(kernel, set_name, impl):
    base = results.get((kernel, set_name, "scalar"))
    r = results.get((kernel, set_name, impl))
    if not base or not r or r["ns"] <= 0:
        return None
    return base["ns"] / r["ns"]


# --- data file and plot metadata ---------------------------------------------
# Set labels for the plot: what is the same for every set (batch:256) goes
# into a comment, the rest stays.
common_parts = set.intersection(*(set(s.split(", ")) for _, s in groups)) if groups else set()


single_kernel = len({k for k, _ in groups}) == 1


def plot_label(kernel, set_name):
    # With one kernel only, its name goes into the title instead.
    rest = ", ".join(p for p in set_name.split(", ") if p not in common_parts)
    if single_kernel:
        return rest or kernel
    return f"{kernel}: {rest}" if rest else kernel


with open(env["PLOT_DATA"], "w") as f:
    f.write("# Speed-up over scalar (median ns per item of scalar / of the implementation)\n")
    f.write("# and the medians themselves; '-' = not measured. Written by "
            "scripts/kernels_report.sh\n")
    if common_parts:
        f.write("# Every set: " + ", ".join(sorted(common_parts)) + "\n")
    f.write("set\t" + "\t".join(impl_order) + "\t" +
            "\t".join("ns_" + i for i in impl_order) + "\n")
    for kernel, set_name in groups:
        label = plot_label(kernel, set_name)
        cells = []
        for i in impl_order:
            s = speedup(kernel, set_name, i)
            cells.append(f"{s:.4f}" if s is not None else "-")
        for i in impl_order:
            r = results.get((kernel, set_name, i))
            cells.append(f"{r['ns']:.4f}" if r else "-")
        f.write(label + "\t" + "\t".join(cells) + "\n")
with open(env["PLOT_META"], "w") as f:
    f.write(f"plot_impls='{' '.join(impl_order)}'\n")
    f.write(f"plot_sets={len(groups)}\n")
    shown = ([groups[0][0]] if single_kernel and groups else []) + sorted(common_parts)
    f.write(f"plot_common='{', '.join(shown)}'\n")
    plot_targets = sorted({(i, t) for k, _ in groups for i, t in TARGETS.get(k, {}).items()
                           if i in impl_order}, key=lambda x: x[1])
    f.write("plot_targets='" + " ".join(f"{i}:{t:g}" for i, t in plot_targets) + "'\n")
    # Room above the tallest bar or target line for the value labels.
    tallest = max([speedup(k, s, i) or 0 for k, s in groups for i in impl_order] +
                  [t for _, t in plot_targets] + [1.0])
    f.write(f"plot_ymax={tallest * 1.12:.3f}\n")

# --- perft -------------------------------------------------------------------
# perft[(label, args)][impl]: the runs of one configuration and implementation.
perft = {}
with open(env["PERFT_RESULTS"]) as f:
    for line in f:
        config, impl, active, leaves, ms, rate, warning = line.rstrip("\n").split("\t")
        p = perft.setdefault(tuple(config.split("|", 1)), {}).setdefault(
            impl, {"active": set(), "leaves": set(), "ms": [], "rate": [], "warnings": set()})
        p["active"].add(active)
        p["leaves"].add(int(leaves))
        p["ms"].append(int(ms))
        p["rate"].append(int(rate))
        if warning.strip():
            p["warnings"].add(warning.strip())

with open(env["BENCH_COMMANDS"]) as f:
    bench_commands = [line.rstrip("\n") for line in f if line.strip()]


def fmt_rate(per_second):
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if per_second >= scale:
            return f"{per_second / scale:.3g} {suffix}"
    return f"{per_second:.3g}"


def fmt_ns(ns):
    return f"{ns:.3g}" if ns < 1000 else f"{ns:,.0f}"


load_before = [float(x) for x in env["LOAD_BEFORE"].split()]
load_after = [float(x) for x in env["LOAD_AFTER"].split()]
cpus = int(env["CPU_COUNT"])

out = []
w = out.append
w("# SIMD kernel performance report")
w("")
w("Generated by `scripts/kernels_report.sh`; do not edit by hand, run the script again.")
w("")
w(f"- Date: {env['DATE_UTC']}")
w(f"- Commit: `{env['COMMIT']}`")
hv = f", {env['HYPERVISOR']} guest" if env.get("HYPERVISOR") else ""
w(f"- CPU: {env['CPU_MODEL']} ({cpus} logical CPUs{hv}; `lscpu`)")
w(f"- Compiler: {env['COMPILER']}")
w(f"- Build: `{env['BUILD_DIR']}`, {env['BUILD_OPTIONS']}; the ISA kernels get their own "
  "flags (simd/meson.build)")
w(f"- Implementations built in: {', '.join(built)}")
w(f"- Supported by this CPU and OS (the program's own cpuid + xgetbv check, "
  f"`printf 'uci\\nquit\\n' | {env['CLI']}`): **{', '.join(supported)}**; "
  f"start-up default: {env['DEFAULT_IMPL']}")
feature_bits = []
for impl in built:
    needs = NEEDS.get(impl)
    if needs:
        have = ", ".join(f"{x} {'yes' if x in flags else 'no'}" for x in needs)
        feature_bits.append(f"{impl}: {have}")
if feature_bits:
    w(f"- lscpu flags: {'; '.join(feature_bits)}")
w(f"- Load average (1, 5, 15 min) before the runs: {env['LOAD_BEFORE']}; after: "
  f"{env['LOAD_AFTER']}" + (f". {env['LOAD_WAIT_NOTE']}" if env.get("LOAD_WAIT_NOTE") else ""))
with open(env["SKIPPED"]) as f:
    skipped = sorted({line.strip() for line in f if line.strip()})
if skipped:
    w("- Skipped by the benchmark programs (not supported here): "
      + "; ".join(f"`{x}`" for x in skipped))
w("")
w(f"**Noise.** This is a {cpus}-vCPU virtual machine that may share its cores with other "
  "work, so single timings are noisy. The microbenchmarks use CPU time (less disturbed by "
  "waiting for a CPU than wall time), every figure is a median, and CV (coefficient of "
  "variation over the repetitions) shows how steady each one was; treat differences of a "
  "few per cent, and speed-ups near a target, with care.")
busy = max(load_before[0], load_after[0])
if busy >= cpus:
    w("")
    w(f"**Caution:** the 1-minute load average ({busy:g}) reached the number of CPUs "
      f"({cpus}) during this run: other processes competed for the CPUs.")
w("")
w("## Commands")
w("")
w("```sh")
w(f"meson setup {env['BUILD_DIR']} -Dbenchmarks=true --buildtype=release   # if missing")
w(env["BUILD_COMMAND"])
for command in bench_commands:
    w(command)
for (_, args), by_impl in perft.items():
    for impl in by_impl:
        w(f"LEISER_SIMD={impl} {env['CLI']} perft {args}   "
          f"# x{env['PERFT_RUNS']}, interleaved")
w("```")
w("")
w("## Kernels and benchmarks")
w("")
benched = sorted({k for k, _ in groups})
w("| op (simd/batch_ops.h) | benchmark |")
w("|---|---|")
for k in all_kernels:
    progs = sorted({r["program"] for (kk, _, _), r in results.items() if kk == k})
    w(f"| `{k}` | {', '.join('`bench/simd/' + p + '`' for p in progs) if progs else '**none yet**'} |")
missing = [k for k in all_kernels if k not in benched]
extra = [k for k in benched if k not in all_kernels]
w("")
if missing:
    w(f"No benchmark exists yet for {', '.join('`' + k + '`' for k in missing)}: "
      "bench/simd/ covers only the kernels listed with a program above, so this report has "
      "no figures for the others (tests/simd checks that they agree with scalar, not how "
      "fast they are).")
    w("")
if extra:
    w(f"Benchmarked but not entries of the dispatch table (whole computations built on a "
      f"kernel, or baseline variants measured for comparison; the programs' headers say "
      f"which): {', '.join('`' + k + '`' for k in extra)}.")
    w("")
w(f"Google Benchmark, {env['REPETITIONS']} repetitions in random interleaving, medians. "
  "Benchmark names follow `<kernel>/<impl>/<set>/<arg>:<value>...` "
  "(bench/simd/simd_bench.h). Each benchmark runs one implementation over one input set "
  "per iteration, in calls of `batch` boards; `ns_per_<item>` (board) and `ns_per_call` are "
  "Google Benchmark counters: CPU time per iteration over the items / calls in it. The "
  "`positions` set is "
  "the checked-in benchmark FENs (bench/positions.h, search/benchmark_positions.h) and "
  "every position one legal move after them. Speed-up is scalar's median per item over "
  "the implementation's. Implementations the CPU does not support are not registered "
  "(the programs say so on stderr), so they are missing from the tables.")
w("")
w("### Summary: median ns per item (speed-up over scalar)")
w("")
w("| kernel | set | item | " + " | ".join(impl_order) + " |")
w("|---|---|---|" + "---:|" * len(impl_order))
for k, set_name in groups:
    item = next(r["item"] for (kk, ss, _), r in results.items() if (kk, ss) == (k, set_name))
    cells = []
    for impl in impl_order:
        r = results.get((k, set_name, impl))
        if not r:
            cells.append("—")
            continue
        sp = speedup(k, set_name, impl)
        cells.append(fmt_ns(r["ns"]) + (f" ({sp:.2f}x)" if sp is not None and impl != "scalar"
                                        else ""))
    w(f"| `{k}` | {set_name} | {item} | " + " | ".join(cells) + " |")
w("")
for kernel in benched:
    w(f"### `{kernel}`")
    w("")
    for k, set_name in [g for g in groups if g[0] == kernel]:
        unit = next(r["unit"] for (kk, s, _), r in results.items() if (kk, s) == (k, set_name))
        w(f"**{set_name}**")
        w("")
        w(f"| implementation | median {unit} | median ns per call | speed-up over scalar | CV |")
        w("|---|---:|---:|---:|---:|")
        for impl in impl_order:
            r = results.get((k, set_name, impl))
            if not r:
                continue
            s = speedup(k, set_name, impl)
            s_text = f"{s:.2f}x" if s is not None else "n/a"
            call = fmt_ns(r["call_ns"]) if r["call_ns"] is not None else "n/a"
            w(f"| {impl} | {fmt_ns(r['ns'])} | {call} | {s_text} | {100 * r['cv']:.1f}% |")
        w("")

w("## Targets")
w("")
w("The issue's targets for the batched laser trace (`trace_lasers`), per board: "
  "AVX2 at least 3x scalar, AVX-512 at least 5x scalar, on every position set.")
w("")
target_sets = [g for g in groups if g[0] in TARGETS]
if not target_sets:
    w("No benchmark of a kernel with a target ran.")
else:
    impls_with_targets = sorted({i for k, _ in target_sets for i in TARGETS[k]},
                                key=lambda i: TARGETS["trace_lasers"].get(i, 0))
    head = "| kernel | set | " + " | ".join(
        f"{i} speed-up (target {TARGETS['trace_lasers'][i]:g}x)" for i in impls_with_targets) + " |"
    w(head)
    w("|---|---|" + "---|" * len(impls_with_targets))
    summary = {i: [0, 0] for i in impls_with_targets}
    for k, set_name in target_sets:
        cells = []
        for i in impls_with_targets:
            target = TARGETS[k].get(i)
            s = speedup(k, set_name, i)
            if target is None:
                cells.append("—")
            elif s is None:
                cells.append("not measured (not supported here)" if i not in supported
                             else "not measured")
            else:
                ok = s >= target
                summary[i][0] += ok
                summary[i][1] += 1
                # Close call: the distance to the target is smaller than the
                # combined CV of the two medians.
                cv = math.hypot(results[(k, set_name, "scalar")]["cv"],
                                results[(k, set_name, i)]["cv"])
                close = abs(s / target - 1) < cv
                cells.append(f"{s:.2f}x: **{'reached' if ok else 'not reached'}**"
                             + (" (within noise)" if close else ""))
        w(f"| `{k}` | {set_name} | " + " | ".join(cells) + " |")
    w("")
    w("In all: " + "; ".join(f"{i} reached its target on {n} of {m} sets"
                             for i, (n, m) in summary.items() if m) + ". \"Within noise\" "
      "marks a speed-up whose distance to the target is smaller than the combined CV of the "
      "two medians: another run may well land on the other side.")
w("")
w("Debian's libbenchmark prints `Library was built as DEBUG`: that concerns the library's "
  "own bookkeeping, not the measured code, which is built as above.")
w("")
if env.get("HAVE_GNUPLOT") == "1":
    w(f"![speed-up over scalar]({os.path.basename(env['PLOT_PNG'])})")
else:
    w("No plot: gnuplot is not installed on the machine that made this report (the data "
      "below is what it would plot).")
w("")
w(f"Data: `{os.path.basename(env['PLOT_DATA'])}` (speed-ups and medians as plotted); "
  f"Google Benchmark's JSON and console output: `{env['RAW_DIR']}/` (not kept in the "
  "repository).")
w("")

w("## Perft under each implementation")
w("")
w("The README's main job, perft of the 2018 start position (legal moves) and 2016 pseudo "
  f"perft, depth 5, one thread, under each `LEISER_SIMD`: {env['PERFT_RUNS']} runs per "
  "implementation and configuration, interleaved; the time is the one the CLI reports for "
  "the deepest depth alone (`time N ms (depth 5), R leaves/s, ...`), the table gives the "
  "median time and the median R of the runs. This is wall time, so load on the machine "
  "shows up here more than in the microbenchmarks.")
w("")
spreads = {}
for (label, args), by_impl in perft.items():
    w(f"### {label}: `{env['CLI']} perft {args}`")
    w("")
    w("| LEISER_SIMD | active (`--version`) | leaves | median time (ms) | "
      "median leaves/s | runs (ms) | vs scalar |")
    w("|---|---|---:|---:|---:|---|---:|")
    base_rate = statistics.median(by_impl["scalar"]["rate"]) if "scalar" in by_impl else None
    medians = {}
    for impl, p in by_impl.items():
        rate = statistics.median(p["rate"])
        medians[impl] = rate
        leaves = ", ".join(f"{x:,}" for x in sorted(p["leaves"]))
        rel = f"{rate / base_rate:.3f}" if base_rate else "n/a"
        w(f"| {impl} | {', '.join(sorted(p['active']))} | {leaves} | "
          f"{statistics.median(p['ms']):g} | {fmt_rate(rate)} | "
          f"{', '.join(str(x) for x in p['ms'])} | {rel} |")
    w("")
    for impl, p in by_impl.items():
        if impl not in p["active"]:
            w(f"- LEISER_SIMD={impl} was not honoured on this machine (ran as "
              f"{', '.join(sorted(p['active']))}): {'; '.join(sorted(p['warnings']))}")
    counts = {x for p in by_impl.values() for x in p["leaves"]}
    if len(counts) != 1:
        w("- **The leaf counts differ between implementations or runs.**")
    between = (max(medians.values()) / min(medians.values()) - 1) if medians else 0
    within = max((max(p["ms"]) / min(p["ms"]) - 1) for p in by_impl.values()) if by_impl else 0
    spreads[label] = (between, within)

w("`LEISER_SIMD` chooses the engine core: the whole engine compiled for that instruction "
  "set, with simd/'s move-generation primitives at its width (docs/isa-cores.md), so the "
  "plain rows compare compilations of one algorithm. Perft reaches a batch op only with "
  "`--batch-lasers`: the next-to-last ply then applies all its moves to copies of the board "
  "and traces the mover's laser on all of them with one call of the active implementation's "
  "`trace_lasers`. The batched rows against the plain ones of the same edition and mode "
  "show what batching costs or gains.")
w("")
for label, (between, within) in spreads.items():
    if between <= max(within, 0.05):
        w(f"- {label}: the implementations' medians differ by {100 * between:.1f}% and the "
          f"runs of one implementation by up to {100 * within:.1f}%: the same within noise"
          + ".")
    else:
        w(f"- {label}: the implementations' medians differ by more ({100 * between:.1f}%) "
          f"than the runs of one implementation do ({100 * within:.1f}%)"
          + ": the instruction set matters here, or the load on the machine moved between "
          "them.")
print("\n".join(out))
