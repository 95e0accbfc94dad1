# Shared by scripts/fuzz.sh and scripts/fuzz_pack.sh (sourced, run from the
# repository root): the harnesses of fuzz/, the fuzz build, and their seeds.

fuzz_all_harnesses=(fuzz_fen fuzz_move_text fuzz_protocol fuzz_openings fuzz_bench_file fuzz_tactics_file fuzz_engine_output fuzz_net_file fuzz_data_file fuzz_pgn_file)

# Brings build-fuzz up to date; $1 names the caller in the error.
fuzz_build() {
  if [ ! -f build-fuzz/build.ninja ]; then
    echo "$1: no build-fuzz; run scripts/fuzz_setup.sh first" >&2
    exit 2
  fi
  ninja -C build-fuzz >/dev/null
}

# Writes the seed corpora into $1/<harness> afresh, from ../shared/vectors
# and ../shared/openings (or LEISER_VECTORS_DIR / LEISER_OPENINGS).
fuzz_make_seeds() {
  local vectors="${LEISER_VECTORS_DIR:-../shared/vectors}"
  local openings="${LEISER_OPENINGS:-../shared/openings/book-2016.txt}"
  rm -rf "$1"
  python3 scripts/fuzz_seeds.py "$vectors" "$openings" "$1" >/dev/null
}
