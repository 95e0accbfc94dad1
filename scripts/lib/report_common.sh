# Shared boilerplate of the report scripts (scripts/*_report.sh). Source it
# after `set -euo pipefail`:
#
#   . "$(dirname "$0")/lib/report_common.sh"
#   report_init kernels_report         # cd to the repository, log(), $tmp_dir
#   report_configure build-x benchmarks=true buildtype=release
#   mapfile -t targets < <(report_executables build-x bench/simd)
#   report_build build-x "${targets[@]}" leiserchess
#   report_machine_info build-x        # date_utc, commit, cpu_*, compiler, ...
#   report_wait_for_load               # optional, see REPORT_LOAD_WAIT_S
#   load_before=$(report_load)
#   ... | report_median
#
# Needs meson, ninja, python3 (standard library only) and lscpu.

# report_init NAME: goes to the repository root, defines log() (messages on
# stderr, prefixed with NAME) and a temporary folder $tmp_dir removed on exit.
report_init() {
  report_name=$1
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  log() { echo "$report_name: $*" >&2; }
  tmp_dir=$(mktemp -d)
  # shellcheck disable=SC2064  # expand now: the folder is known
  trap "rm -rf '$tmp_dir'" EXIT
}

# report_build_option DIR NAME: the value of a meson option of a configured
# build folder (True/False for booleans, as Python prints them).
report_build_option() {
  python3 -c '
import json, sys
options = {o["name"]: o["value"] for o in json.load(open(sys.argv[1]))}
print(options.get(sys.argv[2], ""))
' "$1/meson-info/intro-buildoptions.json" "$2"
}

# report_configure DIR NAME=VALUE...: a new folder is set up with
# `meson setup DIR -Dbenchmarks=true --buildtype=release`; an existing one is
# reconfigured (`meson configure -DNAME=VALUE ...`) when one of the given
# options differs (booleans as true/false).
report_configure() {
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    log "meson setup $dir -Dbenchmarks=true --buildtype=release"
    meson setup "$dir" -Dbenchmarks=true --buildtype=release >"$tmp_dir/setup.log" 2>&1 || {
      cat "$tmp_dir/setup.log" >&2
      exit 1
    }
    return
  fi
  local wanted have stale=0 args=()
  for wanted in "$@"; do
    have=$(report_build_option "$dir" "${wanted%%=*}" | tr '[:upper:]' '[:lower:]')
    [ "$have" = "${wanted#*=}" ] || stale=1
    args+=("-D$wanted")
  done
  if [ "$stale" = 1 ]; then
    log "meson configure $dir ${args[*]}"
    meson configure "$dir" "${args[@]}" >/dev/null
  fi
  # Regenerate if a meson.build changed since (a new benchmark program), so
  # that the introspection the callers list targets from is current.
  ninja -C "$dir" build.ninja >/dev/null
}

# report_executables DIR FOLDER [PREFIX]: the executables meson builds in
# FOLDER ("" = the top of the build folder), paths relative to DIR, sorted;
# only those whose name starts with PREFIX if given.
report_executables() {
  python3 -c '
import json, os, sys
build_dir, folder, prefix = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
paths = []
for t in json.load(open(os.path.join(build_dir, "meson-info", "intro-targets.json"))):
    if t["type"] != "executable" or not t["name"].startswith(prefix):
        continue
    path = os.path.relpath(t["filename"][0], build_dir)
    if os.path.dirname(path) == folder:
        paths.append(path)
print("\n".join(sorted(paths)))
' "$1" "$2" "${3:-}" | sed '/^$/d'
}

# report_build DIR TARGET...: ninja, quiet unless the build fails.
report_build() {
  local dir=$1
  shift
  build_command="ninja -C $dir $*"
  log "$build_command"
  if ! ninja -C "$dir" "$@" >"$tmp_dir/build.log" 2>&1; then
    tail -n 40 "$tmp_dir/build.log" >&2
    log "build failed"
    exit 1
  fi
}

# report_machine_info [DIR]: sets date_utc, commit, cpu_model, cpu_count,
# cpu_flags, hypervisor, and, given a configured build folder, compiler (the
# first line of `--version` of the compiler its first compile command uses)
# and build_options.
report_machine_info() {
  date_utc=$(date -u '+%Y-%m-%d %H:%M UTC')
  commit=${REPORT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
  cpu_model=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
  cpu_count=$(nproc)
  cpu_flags=$(lscpu | sed -n 's/^Flags:[[:space:]]*//p' | head -n 1)
  hypervisor=$(lscpu | sed -n 's/^Hypervisor vendor:[[:space:]]*//p' | head -n 1)
  compiler="" build_options=""
  if [ -n "${1:-}" ] && [ -f "$1/compile_commands.json" ]; then
    local compiler_exe
    compiler_exe=$(python3 -c '
import json, shlex, sys
print(shlex.split(json.load(open(sys.argv[1]))[0]["command"])[0])
' "$1/compile_commands.json")
    compiler=$("$compiler_exe" --version | head -n 1)
    build_options=$(python3 -c '
import json, sys
wanted = ("buildtype", "optimization", "b_ndebug", "baseline_arch")
options = {o["name"]: o["value"] for o in json.load(open(sys.argv[1]))}
print(", ".join(f"{k}={options[k]}" for k in wanted if k in options))
' "$1/meson-info/intro-buildoptions.json")
  fi
}

# report_load: the 1, 5 and 15 minute load averages.
report_load() { cut -d ' ' -f 1-3 /proc/loadavg; }

# report_wait_for_load: waits up to $REPORT_LOAD_WAIT_S seconds (default 0:
# do not wait) for the 1-minute load average to drop below the number of
# CPUs minus one half, so that measurements start on a quieter machine. Sets
# load_wait_note to a sentence for the report ("" if it did not wait).
report_wait_for_load() {
  local limit=${REPORT_LOAD_WAIT_S:-0} waited=0 cpus threshold
  cpus=$(nproc)
  threshold=$(awk -v c="$cpus" 'BEGIN { print c - 0.5 }')
  load_wait_note=""
  [ "$limit" -gt 0 ] || return 0
  while awk -v l="$(cut -d ' ' -f 1 /proc/loadavg)" -v t="$threshold" 'BEGIN { exit !(l >= t) }'; do
    if [ "$waited" -ge "$limit" ]; then
      load_wait_note="Waited ${waited} s for the 1-minute load average to drop below $threshold; it did not (now $(report_load)), so the runs started anyway."
      log "$load_wait_note"
      return 0
    fi
    sleep 10
    waited=$((waited + 10))
  done
  load_wait_note="Waited ${waited} s (at most $limit) for the 1-minute load average to drop below $threshold before the runs."
  log "$load_wait_note"
}

# report_median: the median of the numbers on stdin, one per line (the lower
# middle one for an even count).
report_median() { sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)] }'; }

# Reads `leiserchess bench` output on stdin and prints the requested fields,
# in the order asked, on one line ("-" for one the output lacks). Fields: ms
# (Total time), nodes, nps, moves (Moves made), moves_per_s, splits (the
# Splits line with its spaces as underscores; parallel benches only).
report_bench_fields() {
  awk -F: -v want="$*" '
    /^Total time/ {gsub(/ /, "", $2); v["ms"] = $2}
    /^Nodes searched/ {gsub(/ /, "", $2); v["nodes"] = $2}
    /^Nodes\/second/ {gsub(/ /, "", $2); v["nps"] = $2}
    /^Moves made  / {gsub(/ /, "", $2); v["moves"] = $2}
    /^Moves made\/sec/ {gsub(/ /, "", $2); v["moves_per_s"] = $2}
    /^Splits/ {sub(/^ /, "", $2); gsub(/ /, "_", $2); v["splits"] = $2}
    END {
      n = split(want, fields, " ")
      for (i = 1; i <= n; i++) printf "%s%s", (fields[i] in v ? v[fields[i]] : "-"), (i < n ? " " : "\n")
    }'
}
