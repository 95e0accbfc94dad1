// Microbenchmark of the laser kernel: trace_laser (kernel/laser.h), one beam
// fired from a King until it zaps a piece or leaves the board.
//
// One iteration fires both Kings' lasers on every benchmark position of the
// edition (bench/positions.h); items/s counts trace_laser calls.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench/positions.h"
#include "kernel/board.h"
#include "kernel/laser.h"

namespace leiser::microbench {
namespace {

using kernel::Board;
using kernel::Color;
using kernel::Edition;

std::vector<Board> boards_of(Edition edition) {
  std::vector<Board> boards;
  for (const kernel::Position& pos : microbench_positions(edition)) boards.push_back(pos.board());
  return boards;
}

template <Edition E>
void BM_TraceLaser(benchmark::State& state) {
  const std::vector<Board> boards = boards_of(E);
  for (auto _ : state) {
    for (const Board& board : boards) {
      for (Color c : {Color::kTangerine, Color::kLavender}) {
        const kernel::LaserTrace trace = kernel::trace_laser(board, c);
        benchmark::DoNotOptimize(trace);
      }
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(2 * boards.size()));
}

BENCHMARK_TEMPLATE(BM_TraceLaser, Edition::k2016)->Name("laser/trace_laser/2016");
BENCHMARK_TEMPLATE(BM_TraceLaser, Edition::k2018)->Name("laser/trace_laser/2018");

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
