// Microbenchmark for issue 40's question "does a Kogge-Stone fill win where a
// King's four directions are wanted at once?": the first segment of the beam
// in all four directions from both Kings (bench/king_cross_cores.h), by the
// ray-table walk and by the fill, as the baseline, avx2 and avx512 cores
// compile them.
//
// king_cross/<form>/games/boards:<n>: boards from random games of both
// editions (kernel/random_boards.h, fixed seeds, shuffled) that hold both
// Kings; 4,096 boards, and 32,768 that no branch predictor learns by heart.
// ns_per_king is CPU time per King (four segments). A form the CPU lacks is
// skipped. Before timing, each form's result is checked against the plain
// reference (kernel::nearest_along per direction); the program aborts if any
// differs.
//
//   bm_king_cross --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "bench/king_cross_cores.h"
#include "bench/king_cross_walk.h"
#include "kernel/laser.h"
#include "kernel/random_boards.h"
#include "simd/cpu.h"

namespace leiser::microbench {
namespace {

using kernel::Bitboard;
using kernel::Board;

// The obviously right form: per direction, the nearest piece along the ray.
KingCross king_cross_plain(const Board& board, kernel::Square king) {
  KingCross cross;
  for (int d = 0; d < 4; ++d) {
    const Bitboard ray = kernel::kRays[d][king];
    const Bitboard blockers = ray & board.occupied();
    cross.segment[d] = blockers ? ray & ~kernel::kRays[d][kernel::nearest_along(blockers, d)] : ray;
  }
  return cross;
}

void king_cross_walk_baseline(const Board* boards, std::size_t n, KingCross* out) {
  king_cross_walk_all(boards, n, out);
}

std::vector<Board> game_boards(std::size_t size) {
  using kernel::random_boards::game_samples;
  std::vector<Board> boards;
  for (const auto& [edition, seed] : {std::pair{kernel::Edition::k2018, std::uint64_t{1}},
                                      std::pair{kernel::Edition::k2016, std::uint64_t{2}}})
    for (const auto& sample : game_samples(edition, 2 * size, seed))
      if (sample.shooter == kernel::Color::kTangerine && std::popcount(sample.board.kings) == 2)
        boards.push_back(sample.board);
  std::mt19937_64 rng(3);
  std::shuffle(boards.begin(), boards.end(), rng);
  if (boards.size() < size) {
    std::fprintf(stderr, "bm_king_cross: only %zu boards with both Kings\n", boards.size());
    std::abort();
  }
  boards.resize(size);
  return boards;
}

void check_against_plain(KingCrossFn form, const std::string& name,
                         const std::vector<Board>& boards) {
  std::vector<KingCross> out(2 * boards.size());
  form(boards.data(), boards.size(), out.data());
  for (std::size_t i = 0; i < boards.size(); ++i)
    for (int c = 0; c < 2; ++c) {
      const kernel::Square king = kernel::lowest_square(boards[i].kings & boards[i].by_color[c]);
      if (out[2 * i + c] != king_cross_plain(boards[i], king)) {
        std::fprintf(stderr, "bm_king_cross: %s differs from the plain form on board %zu\n",
                     name.c_str(), i);
        std::abort();
      }
    }
}

void king_cross(benchmark::State& state, KingCrossFn form, const std::vector<Board>* boards) {
  std::vector<KingCross> out(2 * boards->size());
  for (auto _ : state) {
    form(boards->data(), boards->size(), out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  const double kings = 2.0 * static_cast<double>(boards->size());
  state.counters["ns_per_king"] = benchmark::Counter(
      kings, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(
      static_cast<std::int64_t>(static_cast<double>(state.iterations()) * kings));
}

const bool kRegistered = [] {
  struct Form {
    const char* name;
    KingCrossFn fn;
    simd::FeatureSet needs;
  };
  static const Form kForms[] = {
      {"walk_baseline", king_cross_walk_baseline, simd::FeatureSet{0}},
      {"walk_avx2", king_cross_walk_avx2_core, simd::kFeaturesAvx2Implementation},
      {"fill_avx2", king_cross_fill_avx2_core, simd::kFeaturesAvx2Implementation},
      {"walk_avx512", king_cross_walk_avx512_core, simd::kFeaturesAvx512Implementation},
      {"fill_avx512", king_cross_fill_avx512_core, simd::kFeaturesAvx512Implementation},
  };
  static std::vector<std::vector<Board>> sets;
  sets.reserve(2);
  for (std::size_t size : {std::size_t{4096}, std::size_t{32768}}) {
    sets.push_back(game_boards(size));
    const std::vector<Board>* boards = &sets.back();
    for (const Form& form : kForms) {
      const std::string name =
          std::string("king_cross/") + form.name + "/games/boards:" + std::to_string(size);
      if ((simd::cpu_features() & form.needs) != form.needs) {
        benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& state) {
          state.SkipWithError("this CPU lacks the instructions");
        });
        continue;
      }
      check_against_plain(form.fn, form.name, *boards);
      benchmark::RegisterBenchmark(name.c_str(), king_cross, form.fn, boards);
    }
  }
  return true;
}();

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
