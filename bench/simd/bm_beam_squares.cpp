// Beam squares in order with their path distances (simd beam_squares), per
// implementation (Google Benchmark).
//
//   beam_squares/<impl>/positions
//       the batch op on the fixed position set of simd_bench.h (the checked-in
//       benchmark FENs and every position one legal move after them), every
//       position twice, once per colour whose King stands on it, in calls of
//       256 boards; ns_per_board, ns_per_call
//   beam_squares_segments/scalar/positions
//       not a dispatch-table entry: the vector versions' own driver
//       (simd/beam_squares_impl.h, segment by segment) built for the
//       baseline, with each segment's entries written by a plain loop
//       instead of vector stores. The scalar reference walks square by
//       square, so its distance to the vector versions mixes two things;
//       this one separates them: what the segment-at-a-time walk buys, and
//       what the vector stores add on top.
//   beam_squares_swar/scalar/positions
//       the same driver with each segment written by three 64-bit integer
//       stores (no loop, no vector register): whether the vector versions'
//       gain needs vectors at all.
//
// Both variants are checked against the scalar reference before they are
// timed (a wrong result skips the benchmark with an error).
//
// Names follow simd_bench.h.
//
//   bm_beam_squares --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <span>
#include <vector>

#include "bench/simd/simd_bench.h"
#include "simd/beam_squares_impl.h"
#include "simd/dispatch.h"

namespace leiser::microbench {
namespace {

using simd::BeamSquares;
using simd::Implementation;

constexpr std::size_t kBatch = 256;

struct BoardSet {
  std::vector<kernel::Board> boards;
  std::vector<kernel::Color> shooters;
};

const BoardSet& positions() {
  static const BoardSet set = [] {
    BoardSet s;
    for (const kernel::Position& pos : simd_bench::position_set())
      for (const kernel::Color c : {kernel::Color::kTangerine, kernel::Color::kLavender})
        if (pos.board().has_king(c)) {
          s.boards.push_back(pos.board());
          s.shooters.push_back(c);
        }
    return s;
  }();
  return set;
}

// Each segment's entries one by one: the loop the vector stores replace.
struct LoopEmit {
  static void segment(std::uint8_t* squares, std::uint16_t* distances, unsigned at, unsigned d,
                      unsigned len, unsigned base, unsigned extra) {
    constexpr int kStep[4] = {8, 1, -8, -1};
    for (unsigned k = 0; k < len; ++k) {
      squares[k] = static_cast<std::uint8_t>(static_cast<int>(at) + static_cast<int>(k + 1) * kStep[d]);
      distances[k] = static_cast<std::uint16_t>(base + k + 1);
    }
    if (len) distances[len - 1] = static_cast<std::uint16_t>(distances[len - 1] + extra);
  }
};

// Each segment's entries with three 64-bit stores, no loop and no vector
// register (SWAR): eight squares as bytes, eight distances as two words of
// four 16-bit lanes. North and east add (k + 1) * step to every byte, south
// and west subtract (k + 1) * |step|: a carry or borrow leaves only a byte
// past the segment's end (a square off the board), so it never reaches the
// bytes that are kept.
struct SwarEmit {
  static constexpr std::uint64_t kOnes8 = 0x0101010101010101ULL;
  static constexpr std::uint64_t kRuns[2] = {0x4038302820181008ULL, 0x0807060504030201ULL};
  static void segment(std::uint8_t* squares, std::uint16_t* distances, unsigned at, unsigned d,
                      unsigned len, unsigned base, unsigned extra) {
    const std::uint64_t run = kRuns[d & 1];
    const std::uint64_t ats = at * kOnes8;
    const std::uint64_t sq = (d & 2) ? ats - run : ats + run;
    __builtin_memcpy(squares, &sq, 8);
    constexpr std::uint64_t kOnes16 = 0x0001000100010001ULL;
    // extra lands on lane len - 1 (len >= 1 whenever extra is 1).
    const unsigned last = len - 1;
    const std::uint64_t bonus_lo = last < 4 ? std::uint64_t{extra} << (16 * last) : 0;
    const std::uint64_t bonus_hi = last - 4 < 4 ? std::uint64_t{extra} << (16 * (last - 4)) : 0;
    const std::uint64_t lo = base * kOnes16 + 0x0004000300020001ULL + bonus_lo;
    const std::uint64_t hi = base * kOnes16 + 0x0008000700060005ULL + bonus_hi;
    __builtin_memcpy(distances, &lo, 8);
    __builtin_memcpy(distances + 4, &hi, 8);
  }
};

template <class Emit>
void segments(const kernel::Board* boards, const kernel::Color* shooters, BeamSquares* out,
              std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    simd::detail::beam_squares_segments<Emit>(boards[i], shooters[i], out[i]);
}

template <class Call>
void run(benchmark::State& state, Call call) {
  const BoardSet& set = positions();
  std::vector<BeamSquares> out(set.boards.size());
  const std::size_t n = set.boards.size();
  // The variants that are not dispatch-table entries have no test of their
  // own: every result must be the scalar reference's, or nothing is timed.
  std::vector<BeamSquares> want(n);
  simd::scalar::beam_squares(set.boards.data(), set.shooters.data(), want.data(), n);
  call(set.boards.data(), set.shooters.data(), out.data(), n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!simd::same_beam(out[i], want[i])) {
      state.SkipWithError("result differs from the scalar reference");
      return;
    }
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; i += kBatch) {
      const std::size_t m = std::min(kBatch, n - i);
      call(set.boards.data() + i, set.shooters.data() + i, out.data() + i, m);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  simd_bench::set_cost_counters(state, "board", static_cast<double>(n),
                                static_cast<double>((n + kBatch - 1) / kBatch));
}

}  // namespace
}  // namespace leiser::microbench

int main(int argc, char** argv) {
  using namespace leiser::microbench;
  simd_bench::register_for_each_implementation(
      "bm_beam_squares", "beam_squares", "positions",
      [](benchmark::State& state, const Implementation* impl) {
        run(state, [impl](const leiser::kernel::Board* b, const leiser::kernel::Color* c,
                          BeamSquares* out, std::size_t m) {
          impl->beam_squares(b, c, out, m);
        });
      });
  benchmark::RegisterBenchmark("beam_squares_segments/scalar/positions",
                               [](benchmark::State& state) {
                                 run(state, segments<LoopEmit>);
                                 state.SetLabel("scalar");
                               });
  benchmark::RegisterBenchmark("beam_squares_swar/scalar/positions",
                               [](benchmark::State& state) {
                                 run(state, segments<SwarEmit>);
                                 state.SetLabel("scalar");
                               });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
