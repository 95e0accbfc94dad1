// Shared pieces of the SIMD microbenchmarks (bench/simd/bm_*.cpp).
//
// Naming convention (scripts/kernels_report.sh groups results by it; every
// program under bench/simd/ should follow it):
//
//   <op>/<impl>/<set>[/<arg>:<value>...]
//
//   op      the batch op's name in LEISER_SIMD_BATCH_OPS (simd/batch_ops.h),
//           as in the dispatch table (`trace_lasers` for `trace_lasers_fn`)
//   impl    simd::Implementation::name: scalar, avx2, avx512
//   set     the input set (`positions`, `games`, `mazes`, ...) and any
//           further parameters as `name:value` (`boards:4096`, `batch:256`)
//
// and each benchmark's label is the implementation's name. Per-item and
// per-call costs are counters: `ns_per_<item>` (board, move, ...) and
// `ns_per_call`, both CPU time (inverted iteration-invariant rates, so the
// JSON holds seconds per item / per call), plus items_per_second. The
// script takes the `ns_per_<item>` counter that is not `ns_per_call` as the
// per-item figure and compares implementations on it.
//
// Implementations this CPU cannot run are not registered: register_for_each_
// implementation() says so once on stderr and goes on (the program does not
// crash on an older CPU).
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "bench/positions.h"
#include "kernel/movegen.h"
#include "kernel/position.h"
#include "search/benchmark_positions.h"
#include "simd/cpu.h"
#include "simd/dispatch.h"

namespace leiser::microbench::simd_bench {

using simd::Implementation;

// Every implementation built in that this CPU and OS can run, scalar first
// (the baseline of the speed-ups). The others are reported once on stderr.
inline const std::vector<const Implementation*>& runnable_implementations(const char* program) {
  static const std::vector<const Implementation*> runnable = [program] {
    std::vector<const Implementation*> out;
    const simd::FeatureSet have = simd::cpu_features();
    for (const Implementation* impl : simd::all_implementations()) {
      if (impl->supported_by(have)) {
        out.push_back(impl);
      } else {
        std::fprintf(stderr, "%s: skipping %.*s: this CPU/OS lacks %s\n", program,
                     static_cast<int>(impl->name.size()), impl->name.data(),
                     simd::feature_names(impl->required & ~have).c_str());
      }
    }
    std::reverse(out.begin(), out.end());  // all_implementations() is best first
    return out;
  }();
  return runnable;
}

// Registers `kernel/<impl>/<rest>` for every runnable implementation; `fn`
// is called as fn(state, impl).
template <class Fn>
void register_for_each_implementation(const char* program, std::string_view kernel,
                                      std::string_view rest, Fn fn) {
  for (const Implementation* impl : runnable_implementations(program)) {
    const std::string name =
        std::string(kernel) + "/" + std::string(impl->name) + "/" + std::string(rest);
    benchmark::RegisterBenchmark(name.c_str(), [fn, impl](benchmark::State& state) {
      fn(state, impl);
      state.SetLabel(std::string(impl->name));
    });
  }
}

// The per-item and per-call counters of the convention above. `items` and
// `calls` are per iteration.
inline void set_cost_counters(benchmark::State& state, std::string_view item, double items,
                              double calls) {
  const auto kPerUnit = benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert;
  state.counters["ns_per_" + std::string(item)] = benchmark::Counter(items, kPerUnit);
  state.counters["ns_per_call"] = benchmark::Counter(calls, kPerUnit);
  state.counters[std::string(item) + "s_per_call"] = benchmark::Counter(items / calls);
  state.SetItemsProcessed(
      static_cast<std::int64_t>(static_cast<double>(state.iterations()) * items));
}

// The fixed position set "positions": every position of bench/positions.h
// and of search/benchmark_positions.h (the `leiserchess bench` list), both
// editions, each FEN once, plus every position one legal move after each of
// them that is not over; shuffled with a fixed seed so that neighbouring
// calls do not see near-identical boards. Derived from checked-in FENs only,
// so it is the same on every run and machine (a few thousand positions).
inline const std::vector<kernel::Position>& position_set() {
  static const std::vector<kernel::Position> positions = [] {
    std::vector<std::pair<kernel::Edition, std::string_view>> fens;
    for (const MicrobenchPosition& p : kMicrobenchPositions) fens.emplace_back(p.edition, p.fen);
    for (std::string_view fen : search::kBenchPositions2016)
      fens.emplace_back(kernel::Edition::k2016, fen);
    for (std::string_view fen : search::kBenchPositions2018)
      fens.emplace_back(kernel::Edition::k2018, fen);
    std::set<std::pair<kernel::Edition, std::string_view>> seen;
    std::vector<kernel::Position> out;
    for (const auto& [edition, fen] : fens) {
      if (!seen.insert({edition, fen}).second) continue;
      const kernel::Position root = parse_or_die(fen, edition);
      out.push_back(root);
      if (root.is_game_over()) continue;
      kernel::MoveList moves;
      kernel::generate_legal_moves(root, nullptr, moves);
      for (kernel::Move m : moves) {
        kernel::Position child = root;
        child.make_move(m);
        if (!child.is_game_over()) out.push_back(child);
      }
    }
    std::mt19937_64 rng(20180);
    std::shuffle(out.begin(), out.end(), rng);
    return out;
  }();
  return positions;
}

// The set "search_order": the 2018 bench positions in order, each followed by
// its children and every 7th of its grandchildren, in move-generation order,
// not shuffled: consecutive boards differ by a move or two, as the boards a
// search evaluates one after another do (about 11,000 positions). LCOVERAGE's
// walk learns its branches on such runs; the shuffled set hides that.
inline const std::vector<kernel::Position>& search_order_set() {
  static const std::vector<kernel::Position> positions = [] {
    std::vector<kernel::Position> out;
    std::size_t grandchild = 0;
    auto children = [](const kernel::Position& pos) {
      kernel::MoveList moves;
      kernel::generate_legal_moves(pos, nullptr, moves);
      std::vector<kernel::Position> next;
      for (kernel::Move m : moves) {
        kernel::Position child = pos;
        child.make_move(m);
        if (!child.is_game_over()) next.push_back(child);
      }
      return next;
    };
    for (std::string_view fen : search::kBenchPositions2018) {
      const kernel::Position root = parse_or_die(fen, kernel::Edition::k2018);
      out.push_back(root);
      if (root.is_game_over()) continue;
      for (const kernel::Position& child : children(root)) {
        out.push_back(child);
        for (const kernel::Position& g : children(child))
          if (grandchild++ % 7 == 0) out.push_back(g);
      }
    }
    return out;
  }();
  return positions;
}

}  // namespace leiser::microbench::simd_bench
