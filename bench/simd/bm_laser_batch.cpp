// Batched laser trace, per SIMD implementation (Google Benchmark).
//
// Position sets (tests/simd/random_positions.h, fixed seeds, shuffled):
//   games  boards from random games of both editions, each with the colour
//          whose laser is traced (most beams: one or two segments)
//   mazes  boards whose beams bounce off up to 16 mirrors
// each in two sizes: 4,096 boards, and 32,768 boards, which no branch
// predictor can learn by heart (repeating a small set flatters the scalar
// version's data-dependent branches; a search meets fresh positions). Each
// iteration traces the whole set in calls of `batch` boards; ns_per_board is
// CPU time per board.
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

struct PositionSet {
  std::vector<Board> boards;
  std::vector<Color> shooters;
};

PositionSet make_set(std::vector<leiser::simd::testing::Sample> samples, std::size_t size,
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
  using leiser::simd::testing::game_samples;
  auto samples = game_samples(leiser::kernel::Edition::k2018, size, 1);
  const auto more = game_samples(leiser::kernel::Edition::k2016, size, 2);
  samples.insert(samples.end(), more.begin(), more.end());
  return make_set(std::move(samples), size, 3);
}

PositionSet maze_positions(std::size_t size) {
  return make_set(leiser::simd::testing::maze_samples(size, 4), size, 5);
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
      boards_done, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * boards.size()));
  state.SetLabel(std::string(impl->name));
}

// Registers one benchmark per (position set, size, implementation this CPU
// runs).
const bool kRegistered = [] {
  static std::vector<PositionSet> sets;  // stable addresses: reserved below
  sets.reserve(4);
  for (std::size_t size : {std::size_t{4096}, std::size_t{32768}}) {
    for (const char* kind : {"games", "mazes"}) {
      sets.push_back(std::string(kind) == "games" ? game_positions(size) : maze_positions(size));
      const PositionSet* set = &sets.back();
      for (const Implementation* impl : leiser::simd::supported()) {
        const std::string name = "TraceLasers/" + std::string(kind) +
                                 "/boards:" + std::to_string(size) + "/" + std::string(impl->name);
        benchmark::RegisterBenchmark(name.c_str(), BM_TraceLasers, impl, set)
            ->Arg(256)
            ->ArgName("batch");
      }
    }
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
