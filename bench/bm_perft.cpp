// Microbenchmark of perft (kernel/perft.h) from each edition's start
// position, depths 3 and 4, pseudo and legal modes, on one thread (the
// multi-threaded runs are in scripts/perf_report.sh, through the CLI).
//
// items/s and the `leaves` counter are both leaves per second.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "bench/positions.h"
#include "kernel/perft.h"

namespace leiser::microbench {
namespace {

using kernel::Edition;
using kernel::PerftMode;

template <Edition E, PerftMode M>
void BM_Perft(benchmark::State& state) {
  const kernel::Position root = start_position(E);
  const kernel::PerftRequest request{static_cast<int>(state.range(0)), M, /*threads=*/1};
  const std::uint64_t leaves = kernel::perft(root, nullptr, request);
  for (auto _ : state) {
    const std::uint64_t count = kernel::perft(root, nullptr, request);
    benchmark::DoNotOptimize(count);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(leaves));
  state.counters["leaves"] = benchmark::Counter(static_cast<double>(leaves),
                                                benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_TEMPLATE(BM_Perft, Edition::k2016, PerftMode::kPseudo)
    ->Name("perft/pseudo/2016/depth")
    ->Arg(3)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Perft, Edition::k2016, PerftMode::kLegal)
    ->Name("perft/legal/2016/depth")
    ->Arg(3)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Perft, Edition::k2018, PerftMode::kPseudo)
    ->Name("perft/pseudo/2018/depth")
    ->Arg(3)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Perft, Edition::k2018, PerftMode::kLegal)
    ->Name("perft/legal/2018/depth")
    ->Arg(3)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
