// Microbenchmarks of the NNUE inference (nnue/): on the microbenchmark
// positions (bench/positions.h) of each edition, with a random network of
// realistic magnitudes (nnue::random_network).
//
//   nnue/refresh/<edition>   the accumulator from scratch (both perspectives)
//   nnue/update/<edition>    the child's accumulator from the parent's, for
//                            every legal move of every position (a typical
//                            move: one to three squares, plus any zaps)
//   nnue/evaluate/<edition>  clamp + the three dense layers, given the
//                            accumulator
//
// items/s counts positions (or moves). This executable is baseline code, so
// it measures the plain branches; the AVX2 and AVX-512 branches run in the
// engine's wide cores (docs/isa-cores.md) and are measured through the
// engine.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench/positions.h"
#include "kernel/movegen.h"
#include "kernel/position.h"
#include "nnue/accumulator.h"
#include "nnue/inference.h"
#include "nnue/network.h"

namespace leiser::microbench {
namespace {

using kernel::Edition;

void BM_Refresh(benchmark::State& state, Edition edition) {
  const nnue::Network net = nnue::random_network(edition, 1);
  const std::vector<kernel::Position> positions = microbench_positions(edition);
  nnue::Accumulator acc;
  for (auto _ : state)
    for (const kernel::Position& pos : positions) {
      nnue::refresh(net, pos.board(), acc);
      benchmark::DoNotOptimize(acc.values);
    }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * positions.size()));
}

// Every (parent accumulator, child board) pair of the positions' legal moves.
void BM_Update(benchmark::State& state, Edition edition) {
  const nnue::Network net = nnue::random_network(edition, 1);
  struct Step {
    std::size_t parent;
    kernel::Board child;
  };
  std::vector<nnue::Accumulator> parents;
  std::vector<Step> steps;
  for (const kernel::Position& pos : microbench_positions(edition)) {
    parents.emplace_back();
    nnue::refresh(net, pos.board(), parents.back());
    kernel::MoveList moves;
    kernel::generate_legal_moves(pos, nullptr, moves);
    for (int i = 0; i < moves.size(); ++i) {
      kernel::Position child = pos;
      child.make_move(moves[i]);
      steps.push_back({parents.size() - 1, child.board()});
    }
  }
  nnue::Accumulator out;
  for (auto _ : state)
    for (const Step& step : steps) {
      nnue::update(net, parents[step.parent], step.child, out);
      benchmark::DoNotOptimize(out.values);
    }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * steps.size()));
}

void BM_Evaluate(benchmark::State& state, Edition edition) {
  const nnue::Network net = nnue::random_network(edition, 1);
  std::vector<nnue::Accumulator> accumulators;
  std::vector<kernel::Color> sides;
  for (const kernel::Position& pos : microbench_positions(edition)) {
    accumulators.emplace_back();
    nnue::refresh(net, pos.board(), accumulators.back());
    sides.push_back(pos.side_to_move());
  }
  for (auto _ : state)
    for (std::size_t i = 0; i < accumulators.size(); ++i)
      benchmark::DoNotOptimize(nnue::evaluate(net, accumulators[i], sides[i]));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * accumulators.size()));
}

BENCHMARK_CAPTURE(BM_Refresh, 2016, Edition::k2016)->Name("nnue/refresh/2016");
BENCHMARK_CAPTURE(BM_Refresh, 2018, Edition::k2018)->Name("nnue/refresh/2018");
BENCHMARK_CAPTURE(BM_Update, 2016, Edition::k2016)->Name("nnue/update/2016");
BENCHMARK_CAPTURE(BM_Update, 2018, Edition::k2018)->Name("nnue/update/2018");
BENCHMARK_CAPTURE(BM_Evaluate, 2016, Edition::k2016)->Name("nnue/evaluate/2016");
BENCHMARK_CAPTURE(BM_Evaluate, 2018, Edition::k2018)->Name("nnue/evaluate/2018");

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
