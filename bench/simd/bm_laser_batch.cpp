// Batched laser trace, per SIMD implementation (Google Benchmark).
//
// Positions: a fixed, shuffled set of boards from random games of both
// editions (tests/simd/random_positions.h, fixed seeds), each with the colour
// whose laser is traced; a second set of "maze" boards whose beams bounce off
// up to 16 mirrors. Each benchmark traces the whole set per iteration in
// calls of `batch` boards and reports ns_per_board.
//
//   bm_laser_batch --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "kernel/laser.h"
#include "simd/dispatch.h"
#include "tests/simd/random_positions.h"

namespace {

using leiser::kernel::Board;
using leiser::kernel::Color;
using leiser::kernel::LaserTrace;
using leiser::simd::Implementation;

constexpr std::size_t kBoards = 4096;

struct PositionSet {
  std::vector<Board> boards;
  std::vector<Color> shooters;
};

PositionSet make_set(std::vector<leiser::simd::testing::Sample> samples, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::shuffle(samples.begin(), samples.end(), rng);
  samples.resize(kBoards);
  PositionSet set;
  for (const auto& s : samples) {
    set.boards.push_back(s.board);
    set.shooters.push_back(s.shooter);
  }
  return set;
}

const PositionSet& game_positions() {
  static const PositionSet set = [] {
    auto samples = leiser::simd::testing::game_samples(leiser::kernel::Edition::k2018, kBoards, 1);
    const auto more = leiser::simd::testing::game_samples(leiser::kernel::Edition::k2016, kBoards, 2);
    samples.insert(samples.end(), more.begin(), more.end());
    return make_set(std::move(samples), 3);
  }();
  return set;
}

const PositionSet& maze_positions() {
  static const PositionSet set = make_set(leiser::simd::testing::maze_samples(kBoards, 4), 5);
  return set;
}

void BM_TraceLasers(benchmark::State& state, const Implementation* impl, const PositionSet* set) {
  const std::size_t batch = static_cast<std::size_t>(state.range(0));
  std::vector<LaserTrace> out(set->boards.size());
  const std::span<const Board> boards(set->boards);
  const std::span<const Color> shooters(set->shooters);
  for (auto _ : state) {
    for (std::size_t i = 0; i < boards.size(); i += batch) {
      const std::size_t n = std::min(batch, boards.size() - i);
      impl->trace_lasers(boards.subspan(i, n), shooters.subspan(i, n),
                         std::span(out).subspan(i, n));
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  const double boards_done = static_cast<double>(boards.size());
  state.counters["ns_per_board"] = benchmark::Counter(
      boards_done * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * boards.size()));
  state.SetLabel(std::string(impl->name));
}

// Registers one benchmark per (implementation this CPU runs, position set,
// batch size).
const bool kRegistered = [] {
  for (const Implementation* impl : leiser::simd::supported()) {
    for (auto [set_name, set] : {std::pair{"games", &game_positions()},
                                 std::pair{"mazes", &maze_positions()}}) {
      const std::string name = "TraceLasers/" + std::string(set_name) + "/" + std::string(impl->name);
      benchmark::RegisterBenchmark(name.c_str(), BM_TraceLasers, impl, set)
          ->Arg(64)
          ->Arg(static_cast<std::int64_t>(kBoards))
          ->ArgName("batch");
    }
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
