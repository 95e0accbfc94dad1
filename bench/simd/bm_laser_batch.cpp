// Batched laser trace, per SIMD implementation (Google Benchmark).
//
// Position sets:
//   positions  the fixed set of simd_bench.h (the checked-in benchmark FENs
//              and every position one legal move after them), each traced
//              for the side to move
//   games      boards from random games of both editions
//              (kernel/random_boards.h, fixed seeds, shuffled), each
//              with the colour whose laser is traced (most beams: one or two
//              segments)
//   mazes      boards whose beams bounce off up to 16 mirrors
// games and mazes in two sizes: 4,096 boards, and 32,768 boards, which no
// branch predictor can learn by heart (repeating a small set flatters the
// scalar version's data-dependent branches; a search meets fresh positions).
// Each iteration traces the whole set in calls of `batch` boards (256; the
// 4,096 game boards also in 2 and 16, the search's shapes);
// ns_per_board and ns_per_call are CPU time.
//
// Names follow simd_bench.h: trace_lasers/<impl>/<set>/boards:<n>/batch:<b>.
//
//   bm_laser_batch --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "bench/simd/simd_bench.h"
#include "kernel/laser.h"
#include "kernel/random_boards.h"
#include "simd/dispatch.h"

namespace {

using leiser::kernel::Board;
using leiser::kernel::Color;
using leiser::kernel::LaserTrace;
using leiser::simd::Implementation;

struct PositionSet {
  std::vector<Board> boards;
  std::vector<Color> shooters;
};

PositionSet make_set(std::vector<leiser::kernel::random_boards::Sample> samples, std::size_t size,
                     std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::shuffle(samples.begin(), samples.end(), rng);
  samples.resize(size);
  PositionSet set;
  for (const auto& s : samples) {
    set.boards.push_back(s.board);
    set.shooters.push_back(s.shooter);
  }
  return set;
}

PositionSet game_positions(std::size_t size) {
  using leiser::kernel::random_boards::game_samples;
  auto samples = game_samples(leiser::kernel::Edition::k2018, size, 1);
  const auto more = game_samples(leiser::kernel::Edition::k2016, size, 2);
  samples.insert(samples.end(), more.begin(), more.end());
  return make_set(std::move(samples), size, 3);
}

PositionSet maze_positions(std::size_t size) {
  return make_set(leiser::kernel::random_boards::maze_samples(size, 4), size, 5);
}

PositionSet microbench_positions() {
  PositionSet set;
  for (const auto& pos : leiser::microbench::simd_bench::position_set()) {
    set.boards.push_back(pos.board());
    set.shooters.push_back(pos.side_to_move());
  }
  return set;
}

void BM_TraceLasers(benchmark::State& state, const Implementation* impl, const PositionSet* set,
                    std::size_t batch) {
  std::vector<LaserTrace> out(set->boards.size());
  const std::span<const Board> boards(set->boards);
  const std::span<const Color> shooters(set->shooters);
  for (auto _ : state) {
    for (std::size_t i = 0; i < boards.size(); i += batch) {
      const std::size_t n = std::min(batch, boards.size() - i);
      impl->trace_lasers(boards.data() + i, shooters.data() + i, out.data() + i, n);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  leiser::microbench::simd_bench::set_cost_counters(
      state, "board", static_cast<double>(boards.size()),
      static_cast<double>((boards.size() + batch - 1) / batch));
}

// Registers one benchmark per (position set, size, implementation this CPU
// runs).
const bool kRegistered = [] {
  static std::vector<PositionSet> sets;  // stable addresses: reserved below
  sets.reserve(5);
  const auto add = [](const std::string& set_name, PositionSet set,
                      std::initializer_list<std::size_t> batches) {
    sets.push_back(std::move(set));
    const PositionSet* p = &sets.back();
    for (const std::size_t batch : batches)
      leiser::microbench::simd_bench::register_for_each_implementation(
          "bm_laser_batch", "trace_lasers",
          set_name + "/boards:" + std::to_string(p->boards.size()) +
              "/batch:" + std::to_string(batch),
          [p, batch](benchmark::State& state, const Implementation* impl) {
            BM_TraceLasers(state, impl, p, batch);
          });
  };
  add("positions", microbench_positions(), {256});
  // Besides batches of 256, the search's own shapes on game boards: 2 (both
  // Kings' beams, what an evaluation or mobility needs) and 16 (the moves
  // of a node that touch the beam, what a legality or quiescence batch
  // holds).
  add("games", game_positions(4096), {2, 16, 256});
  add("mazes", maze_positions(4096), {256});
  add("games", game_positions(32768), {256});
  add("mazes", maze_positions(32768), {256});
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
