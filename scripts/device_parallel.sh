#!/usr/bin/env bash
# Issue 39's 16-core measurements, prepared for a lent `device` machine (16 cores, 15 minutes of
# device time a session, a bare machine: nothing is built there).
#
# Here, once the release build is current:
#   scripts/device_parallel.sh --pack
# copies build/leiserchess, the shared libraries it loads (oneTBB, cpp-httplib and theirs, not
# the C library) and the course's book into device-pack/ (ignored by git).
# There, through the device tool, one call:
#   run(command="bash scripts/device_parallel.sh --run 240", carry=["device-pack"], timeout_s=600)
# which writes to $OUT:
#   machine.txt    the CPU and its count, the date, the binary's version
#   scaling.txt    `bench --scaling 1,2,4,8,16 11 2016 deep --rounds 2`: time to depth, search
#                  overhead, node rate and the machine's ceiling at each thread count
#   direct.log     two threads at 10+0.1 against one thread at 20+0.2 (issue 39's games target
#   direct.pgn     in one match), 8 games at once for the given seconds (each game has one engine
#                  thinking at a time, so 8 games keep at most 16 threads busy), stopped with
#                  SIGTERM, which makes the arena print its summary
# Back here: the scaling table goes into perf-reports/parallel.md's "16 cores" section, and the
# match's summary into perf-reports/parallel-games.tsv through
#   scripts/parallel_report.py --import "2 threads vs 1 thread at 2x time, 16-core device" \
#       direct.log 10+0.1 8 MINUTES "COMMAND"
# (its own row: the device's ceiling is not this machine's, so its games are not pooled here).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PACK="$ROOT/device-pack"

pack() {
  local exe="$ROOT/build/leiserchess"
  [[ -x "$exe" ]] || { echo "device_parallel: $exe is missing: build the release first" >&2; exit 1; }
  rm -rf "$PACK" && mkdir -p "$PACK/lib"
  cp "$exe" "$PACK/"
  # Every library the loader resolves but the C library's own (libc, libm, the loader itself):
  # a bare machine may lack oneTBB and cpp-httplib, and need ours beside the binary.
  ldd "$exe" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
    grep -Ev '/(libc|libm|ld-linux[^/]*)\.so' | while read -r lib; do cp -L "$lib" "$PACK/lib/"; done
  cp "$ROOT/../shared/openings/book-2016.txt" "$PACK/"
  LD_LIBRARY_PATH="$PACK/lib" "$PACK/leiserchess" --version
  du -sh "$PACK"
}

run_there() {
  local game_seconds="${1:-240}"
  local out="${OUT:?device_parallel: --run writes to \$OUT, which the device tool sets}"
  export LD_LIBRARY_PATH="$PACK/lib"
  local exe="$PACK/leiserchess"
  { date -u; nproc; grep -m1 'model name' /proc/cpuinfo; "$exe" --version; } \
    >"$out/machine.txt"
  # Thread scaling first: it is what only a 16-core machine can show (about 5 minutes).
  (cd "$ROOT" && "$exe" bench --scaling 1,2,4,8,16 11 2016 deep --rounds 2) >"$out/scaling.txt" 2>&1 || true
  # Then as many direct-match games as the rest of the call allows.
  timeout -s TERM "$game_seconds" "$exe" arena \
    --engine "name=threads2,cmd=$exe,option.threads=2" \
    --engine "name=double,cmd=$exe,option.threads=1,tc=20+0.2" \
    --edition 2016 --tc 10+0.1 --openings "$PACK/book-2016.txt" --games 400 --concurrency 8 \
    --pgn "$out/direct.pgn" >"$out/direct.log" 2>&1 || true
  tail -n 4 "$out/direct.log"
}

case "${1:-}" in
  --pack) pack ;;
  --run) run_there "${2:-240}" ;;
  *) echo "usage: scripts/device_parallel.sh --pack | --run [GAME_SECONDS]" >&2; exit 2 ;;
esac
