// LCOVERAGE's batched beams (simd lcoverage_beams) and the whole 2018
// LCOVERAGE computation, per implementation.
//
//   lcoverage_beams/<impl>/positions   the batch op alone on the lanes the
//                                      fast LCOVERAGE makes (both colours
//                                      of every 2018 position of the
//                                      "positions" set), one call per
//                                      position and colour, as LCOVERAGE
//                                      calls it; ns_per_lane
//   lcoverage_fixed/<impl>/positions/beams:batched
//                                      eval::lcoverage_fixed with the
//                                      beams traced by that batch op
//   lcoverage_fixed/scalar/positions/beams:walk
//                                      the default: beams walked one by one
//                                      (no batch op); ns_per_position
//   .../search_order...                the same three on the "search_order"
//                                      set: boards in the order a search
//                                      meets them (simd_bench.h)
//
// Names follow bench/simd/simd_bench.h.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bench/simd/simd_bench.h"
#include "search/eval/lcoverage.h"
#include "simd/dispatch.h"

namespace leiser::microbench {
namespace {

using simd::Implementation;

struct Job {
  kernel::Board board;
  kernel::Color c;
  std::vector<simd::LcoverageLane> lanes;
};

std::vector<Job> jobs_of(const std::vector<kernel::Position>& set) {
  std::vector<Job> out;
  for (const kernel::Position& pos : set) {
    if (pos.edition() != kernel::Edition::k2018) continue;
    const kernel::Board& b = pos.board();
    if (!b.has_king(kernel::Color::kTangerine) || !b.has_king(kernel::Color::kLavender)) continue;
    for (const kernel::Color c : {kernel::Color::kTangerine, kernel::Color::kLavender})
      out.push_back({b, c, search::eval::lcoverage_lanes(b, c)});
  }
  return out;
}

// The jobs of a named set: "positions" (shuffled) or "search_order".
const std::vector<Job>& jobs(std::string_view set) {
  static const std::vector<Job> shuffled = jobs_of(simd_bench::position_set());
  static const std::vector<Job> in_order = jobs_of(simd_bench::search_order_set());
  return set == "search_order" ? in_order : shuffled;
}

void bm_beams(benchmark::State& state, const Implementation* impl, std::string_view set) {
  const std::vector<Job>& all = jobs(set);
  std::size_t lanes = 0;
  for (const Job& j : all) lanes += j.lanes.size();
  std::array<std::uint16_t, 64> dist;
  for (auto _ : state) {
    for (const Job& j : all) {
      dist.fill(search::eval::kLcoverageUnreached);
      kernel::Bitboard reached = 0;
      impl->lcoverage_beams(j.board, j.c, j.lanes.data(), j.lanes.size(), dist.data(), &reached);
      benchmark::DoNotOptimize(dist);
      benchmark::DoNotOptimize(reached);
    }
  }
  simd_bench::set_cost_counters(state, "lane", static_cast<double>(lanes),
                                static_cast<double>(all.size()));
}

void bm_fixed(benchmark::State& state, const Implementation* impl,
              search::eval::LcoverageBeams beams, std::string_view set) {
  const std::vector<Job>& all = jobs(set);
  const std::string previous(simd::active().name);
  simd::select(impl->name);
  for (auto _ : state) {
    for (const Job& j : all)
      benchmark::DoNotOptimize(search::eval::lcoverage_fixed(j.board, j.c, beams));
  }
  simd::select(previous);
  simd_bench::set_cost_counters(state, "position", static_cast<double>(all.size()),
                                static_cast<double>(all.size()));
}

}  // namespace
}  // namespace leiser::microbench

int main(int argc, char** argv) {
  using namespace leiser::microbench;
  using leiser::search::eval::LcoverageBeams;
  for (const std::string set : {"positions", "search_order"}) {
    simd_bench::register_for_each_implementation(
        "bm_lcoverage", "lcoverage_beams", set,
        [set](benchmark::State& state, const leiser::simd::Implementation* impl) {
          bm_beams(state, impl, set);
        });
    simd_bench::register_for_each_implementation(
        "bm_lcoverage", "lcoverage_fixed", set + "/beams:batched",
        [set](benchmark::State& state, const leiser::simd::Implementation* impl) {
          bm_fixed(state, impl, LcoverageBeams::kBatched, set);
        });
    benchmark::RegisterBenchmark(
        ("lcoverage_fixed/scalar/" + set + "/beams:walk").c_str(), [set](benchmark::State& state) {
          bm_fixed(state, leiser::simd::find("scalar"), LcoverageBeams::kWalk, set);
          state.SetLabel("scalar");
        });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
