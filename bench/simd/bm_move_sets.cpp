// The move-set batch ops of simd/move_sets_*.cpp, per SIMD implementation
// (Google Benchmark): destination_sets, beam_fills, touches_path.
//
// Input: the fixed position set of simd_bench.h ("positions": the checked-in
// benchmark FENs and every position one legal move after them), with what a
// move generator or evaluation would pass for each position:
//
//   destination_sets  pieces = the side to move's pieces, targets = the
//                     empty squares (the 2018 shift destinations); one item
//                     = one board; calls of `batch` boards
//   beam_fills        sources = the side to move's pieces, empty = the empty
//                     squares; one item = one board; calls of `batch` boards
//   touches_path      one call per position: its pseudo moves against the
//                     opponent's laser path; one item = one move
//
// Names follow simd_bench.h: <op>/<impl>/positions/<arg>:<value>.
// Each iteration runs the op over the whole set; ns_per_board /
// ns_per_move and ns_per_call are CPU time.
//
//   bm_move_sets --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bench/simd/simd_bench.h"
#include "kernel/laser.h"

namespace {

using leiser::kernel::Bitboard;
using leiser::simd::BeamSets;
using leiser::simd::DirectionSets;
using leiser::simd::Implementation;
namespace sb = leiser::microbench::simd_bench;

constexpr const char* kProgram = "bm_move_sets";

struct BoardInputs {
  std::vector<Bitboard> pieces;  // the side to move's pieces
  std::vector<Bitboard> empty;
};

const BoardInputs& board_inputs() {
  static const BoardInputs inputs = [] {
    BoardInputs in;
    for (const auto& pos : sb::position_set()) {
      in.pieces.push_back(pos.board().pieces(pos.side_to_move()));
      in.empty.push_back(pos.board().empty());
    }
    return in;
  }();
  return inputs;
}

struct MoveInputs {
  std::vector<leiser::kernel::Move> moves;  // every position's pseudo moves, in order
  std::vector<std::size_t> begin;           // position i: moves[begin[i], begin[i + 1])
  std::vector<Bitboard> path;               // position i: the opponent's laser path
};

const MoveInputs& move_inputs() {
  static const MoveInputs inputs = [] {
    MoveInputs in;
    for (const auto& pos : sb::position_set()) {
      const auto other = leiser::kernel::opponent(pos.side_to_move());
      if (!pos.board().has_king(other)) continue;
      leiser::kernel::MoveList list;
      leiser::kernel::generate_pseudo_moves(pos, list);
      if (list.empty()) continue;
      in.begin.push_back(in.moves.size());
      in.moves.insert(in.moves.end(), list.begin(), list.end());
      in.path.push_back(leiser::kernel::trace_laser(pos.board(), other).path);
    }
    in.begin.push_back(in.moves.size());
    return in;
  }();
  return inputs;
}

template <class Out, class Call>
void run_batched(benchmark::State& state, std::size_t batch, Call call) {
  const BoardInputs& in = board_inputs();
  const std::size_t n = in.pieces.size();
  std::vector<Out> out(n);
  const std::span<const Bitboard> pieces(in.pieces), empty(in.empty);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; i += batch) {
      const std::size_t k = std::min(batch, n - i);
      call(pieces.subspan(i, k), empty.subspan(i, k), std::span(out).subspan(i, k));
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  sb::set_cost_counters(state, "board", static_cast<double>(n),
                        static_cast<double>((n + batch - 1) / batch));
}

void BM_DestinationSets(benchmark::State& state, const Implementation* impl, std::size_t batch) {
  run_batched<DirectionSets>(state, batch, [impl](auto pieces, auto targets, auto out) {
    impl->destination_sets(pieces.data(), targets.data(), out.data(), pieces.size());
  });
}

void BM_BeamFills(benchmark::State& state, const Implementation* impl, std::size_t batch) {
  run_batched<BeamSets>(state, batch, [impl](auto sources, auto empty, auto out) {
    impl->beam_fills(sources.data(), empty.data(), out.data(), sources.size());
  });
}

void BM_TouchesPath(benchmark::State& state, const Implementation* impl) {
  const MoveInputs& in = move_inputs();
  std::vector<std::uint8_t> out(in.moves.size());
  const std::span<const leiser::kernel::Move> moves(in.moves);
  const std::size_t calls = in.path.size();
  std::size_t touching = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < calls; ++i) {
      const std::size_t b = in.begin[i], e = in.begin[i + 1];
      touching += impl->touches_path(moves.data() + b, e - b, in.path[i], out.data() + b);
    }
    benchmark::DoNotOptimize(touching);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  sb::set_cost_counters(state, "move", static_cast<double>(in.moves.size()),
                        static_cast<double>(calls));
}

const bool kRegistered = [] {
  const std::string boards = "positions/boards:" + std::to_string(board_inputs().pieces.size());
  for (std::size_t batch : {std::size_t{256}, std::size_t{8}}) {
    const std::string rest = boards + "/batch:" + std::to_string(batch);
    sb::register_for_each_implementation(
        kProgram, "destination_sets", rest,
        [batch](benchmark::State& s, const Implementation* impl) {
          BM_DestinationSets(s, impl, batch);
        });
    sb::register_for_each_implementation(
        kProgram, "beam_fills", rest, [batch](benchmark::State& s, const Implementation* impl) {
          BM_BeamFills(s, impl, batch);
        });
  }
  const MoveInputs& m = move_inputs();
  sb::register_for_each_implementation(
      kProgram, "touches_path",
      "positions/calls:" + std::to_string(m.path.size()) + "/moves:" +
          std::to_string(m.moves.size()),
      [](benchmark::State& s, const Implementation* impl) { BM_TouchesPath(s, impl); });
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
