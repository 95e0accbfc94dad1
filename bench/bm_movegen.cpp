// Microbenchmarks of move generation and counting (kernel/movegen.h).
//
// One iteration calls the function once on every benchmark position of the
// edition (bench/positions.h); items/s counts calls, and the `moves` counter
// is the rate of moves generated or counted.
//
// count_legal_moves and generate_legal_moves run twice: without history
// (previous == nullptr, as at a perft root) and with Ko history, on the child
// of each benchmark position's first move with that position's board as
// `previous` (as everywhere below a perft root).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench/positions.h"
#include "kernel/movegen.h"

namespace leiser::microbench {
namespace {

using kernel::Board;
using kernel::Edition;
using kernel::MoveList;
using kernel::Position;

// A position together with the board before the opponent's last move.
struct WithHistory {
  Position position;
  Board previous;
};

template <Edition E>
std::vector<WithHistory> positions_with_history() {
  std::vector<WithHistory> result;
  for (const Position& parent : microbench_positions(E)) {
    MoveList moves;
    kernel::generate_legal_moves<E>(parent, nullptr, moves);
    for (kernel::Move m : moves) {
      Position child = parent;
      child.template make_move<E, false>(m);
      if (child.is_game_over()) continue;
      result.push_back({child, parent.board()});
      break;
    }
  }
  if (result.empty()) fail("no position with history");
  return result;
}

void set_counters(benchmark::State& state, std::size_t calls, std::uint64_t moves) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(calls));
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsIterationInvariantRate);
}

template <Edition E>
void BM_GeneratePseudoMoves(benchmark::State& state) {
  const std::vector<Position> positions = microbench_positions(E);
  MoveList list;
  std::uint64_t moves = 0;
  for (const Position& pos : positions) {
    kernel::generate_pseudo_moves<E>(pos, list);
    moves += static_cast<std::uint64_t>(list.size());
  }
  for (auto _ : state) {
    for (const Position& pos : positions) {
      kernel::generate_pseudo_moves<E>(pos, list);
      benchmark::DoNotOptimize(list);
    }
  }
  set_counters(state, positions.size(), moves);
}

template <Edition E>
void BM_CountPseudoMoves(benchmark::State& state) {
  const std::vector<Position> positions = microbench_positions(E);
  std::uint64_t moves = 0;
  for (const Position& pos : positions) moves += kernel::count_pseudo_moves<E>(pos);
  for (auto _ : state) {
    for (const Position& pos : positions) {
      const std::uint64_t count = kernel::count_pseudo_moves<E>(pos);
      benchmark::DoNotOptimize(count);
    }
  }
  set_counters(state, positions.size(), moves);
}

template <Edition E>
void BM_CountLegalMoves(benchmark::State& state) {
  const std::vector<Position> positions = microbench_positions(E);
  std::uint64_t moves = 0;
  for (const Position& pos : positions) moves += kernel::count_legal_moves<E>(pos, nullptr);
  for (auto _ : state) {
    for (const Position& pos : positions) {
      const std::uint64_t count = kernel::count_legal_moves<E>(pos, nullptr);
      benchmark::DoNotOptimize(count);
    }
  }
  set_counters(state, positions.size(), moves);
}

template <Edition E>
void BM_CountLegalMovesKo(benchmark::State& state) {
  const std::vector<WithHistory> entries = positions_with_history<E>();
  std::uint64_t moves = 0;
  for (const WithHistory& e : entries)
    moves += kernel::count_legal_moves<E>(e.position, &e.previous);
  for (auto _ : state) {
    for (const WithHistory& e : entries) {
      const std::uint64_t count = kernel::count_legal_moves<E>(e.position, &e.previous);
      benchmark::DoNotOptimize(count);
    }
  }
  set_counters(state, entries.size(), moves);
}

template <Edition E>
void BM_GenerateLegalMovesKo(benchmark::State& state) {
  const std::vector<WithHistory> entries = positions_with_history<E>();
  MoveList list;
  std::uint64_t moves = 0;
  for (const WithHistory& e : entries) {
    kernel::generate_legal_moves<E>(e.position, &e.previous, list);
    moves += static_cast<std::uint64_t>(list.size());
  }
  for (auto _ : state) {
    for (const WithHistory& e : entries) {
      kernel::generate_legal_moves<E>(e.position, &e.previous, list);
      benchmark::DoNotOptimize(list);
    }
  }
  set_counters(state, entries.size(), moves);
}

BENCHMARK_TEMPLATE(BM_GeneratePseudoMoves, Edition::k2016)
    ->Name("movegen/generate_pseudo_moves/2016");
BENCHMARK_TEMPLATE(BM_GeneratePseudoMoves, Edition::k2018)
    ->Name("movegen/generate_pseudo_moves/2018");
BENCHMARK_TEMPLATE(BM_CountPseudoMoves, Edition::k2016)->Name("movegen/count_pseudo_moves/2016");
BENCHMARK_TEMPLATE(BM_CountPseudoMoves, Edition::k2018)->Name("movegen/count_pseudo_moves/2018");
BENCHMARK_TEMPLATE(BM_CountLegalMoves, Edition::k2016)->Name("movegen/count_legal_moves/2016");
BENCHMARK_TEMPLATE(BM_CountLegalMoves, Edition::k2018)->Name("movegen/count_legal_moves/2018");
BENCHMARK_TEMPLATE(BM_CountLegalMovesKo, Edition::k2016)->Name("movegen/count_legal_moves_ko/2016");
BENCHMARK_TEMPLATE(BM_CountLegalMovesKo, Edition::k2018)->Name("movegen/count_legal_moves_ko/2018");
BENCHMARK_TEMPLATE(BM_GenerateLegalMovesKo, Edition::k2016)
    ->Name("movegen/generate_legal_moves_ko/2016");
BENCHMARK_TEMPLATE(BM_GenerateLegalMovesKo, Edition::k2018)
    ->Name("movegen/generate_legal_moves_ko/2018");

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
