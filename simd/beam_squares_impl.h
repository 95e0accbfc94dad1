// Beam squares in order with their path distances (simd/batch_ops.h,
// beam_squares), segment by segment: the driver, written once over a
// per-ISA layer `BeamEmit<Arch>` that writes one segment's entries, defined
// in simd/beam_squares_avx2.cpp and simd/beam_squares_avx512.cpp (the only
// translation units that instantiate the op, each built for its
// instruction set).
//
// INTERNAL: include only from those translation units, and from
// bench/simd/bm_beam_squares.cpp, which instantiates the driver with a plain
// loop layer to measure what the vector stores themselves buy.
//
// Method. As kernel::trace_beam, one board at a time: a beam is a chain of
// straight segments, each found with one ray lookup and one bit scan (the
// nearest piece along the ray). Instead of visiting a segment's squares one
// by one, the layer writes them all at once: the k-th square entered on a
// segment that leaves square `at` in laser direction d is at + k * step_d
// (step_d = 8, 1, -8, -1 for N, E, S, W), and its distance is base + k,
// where base is the distance of `at`; the last square is one more when it
// holds an opponent's Pawn that reflects the beam. A segment enters at most
// 7 squares, so eight 8-bit squares and eight 16-bit distances (two 128-bit
// stores) always cover it; what they write past the segment's end is
// overwritten by the next segment or left past `count` (BeamSquares allows
// for it: kCapacity >= kMaxEntries + 7).
//
// Why one board per call and not one board per lane, as trace_lasers does:
// the output is a variable-length list per board, so lanes would have to be
// written back one by one anyway, and game beams are short (1.25 segments on
// average, see perf-reports/simd-kernels.md); the segment search is a handful of scalar
// instructions that the vector versions share with kernel::trace_beam.
//
// Only plain arrays, builtins and the layer's intrinsics are used here, no
// kernel:: or std:: function: every function this header defines is a
// template on the layer, so nothing compiled for AVX2 or AVX-512 can stand in
// for baseline code (tests/simd/check_isa_symbols.py).
//
// BeamEmit<Arch> supplies
//   segment(squares, distances, at, d, len, base, extra)
//       writes squares[k] = at + (k + 1) * step_d and distances[k] = base +
//       k + 1 for k < len (len <= 7), plus `extra` (0 or 1) on the last one;
//       may write up to BeamSquares::kStoreWidth entries
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "simd/batch_ops.h"

namespace leiser::simd {
namespace detail {

static_assert(static_cast<int>(kernel::LaserEnd::kOffBoard) == 0 &&
              static_cast<int>(kernel::LaserEnd::kZapsPawn) == 1 &&
              static_cast<int>(kernel::LaserEnd::kZapsKing) == 2);

// The tables the driver and the layers read, copied at compile time from the
// kernel's own (kernel::kRays, kernel::kReflection) into plain arrays.
struct BeamSquareTables {
  std::uint64_t ray[4][64];      // kernel::kRays: squares beyond s in direction d
  std::uint8_t beyond[4][64];    // their number: squares from s to the edge
  std::uint8_t reflection[4][4]; // kernel::kReflection
  // run[d][k] = (k + 1) * step_d as a byte (wrapping: only the entries of
  // squares on the board are kept), for k < 16 (one 128-bit load).
  alignas(16) std::uint8_t run[4][16];
  alignas(16) std::uint16_t one_to_eight[8];  // k + 1
};
inline constexpr BeamSquareTables kBeamSquareTables = [] {
  BeamSquareTables t{};
  constexpr int kStep[4] = {8, 1, -8, -1};
  for (int d = 0; d < 4; ++d) {
    for (int s = 0; s < 64; ++s) {
      t.ray[d][s] = kernel::kRays[d][s];
      t.beyond[d][s] = static_cast<std::uint8_t>(kernel::popcount(kernel::kRays[d][s]));
    }
    for (int o = 0; o < 4; ++o) t.reflection[d][o] = kernel::kReflection[d][o];
    for (int k = 0; k < 16; ++k) t.run[d][k] = static_cast<std::uint8_t>((k + 1) * kStep[d]);
  }
  for (int k = 0; k < 8; ++k) t.one_to_eight[k] = static_cast<std::uint16_t>(k + 1);
  return t;
}();

// One board's beam, segment by segment (see above).
template <class Emit>
inline void beam_squares_segments(const kernel::Board& board, kernel::Color shooter,
                                  BeamSquares& out) {
  const BeamSquareTables& t = kBeamSquareTables;
  const unsigned us = static_cast<unsigned>(shooter);
  const std::uint64_t occupied = board.by_color[0] | board.by_color[1];
  const std::uint64_t kings = board.kings;
  const std::uint64_t theirs = board.by_color[us ^ 1u];
  auto orientation = [&](unsigned s) {
    return static_cast<unsigned>(((board.orientation_low >> s) & 1) |
                                 (((board.orientation_high >> s) & 1) << 1));
  };
  unsigned at = static_cast<unsigned>(__builtin_ctzll(board.by_color[us] & kings));
  unsigned d = orientation(at);
  unsigned n = 0;      // entries written
  unsigned total = 0;  // distance of `at`
  for (;;) {
    const std::uint64_t blockers = t.ray[d][at] & occupied;
    if (!blockers) {
      Emit::segment(out.squares + n, out.distances + n, at, d, t.beyond[d][at], total, 0);
      n += t.beyond[d][at];
      out.end = kernel::LaserEnd::kOffBoard;
      out.target = 0;
      break;
    }
    // The nearest blocker: the lowest for N and E (rays run to higher
    // squares), the highest for S and W; both computed and one kept by a
    // mask (GCC turns a ?: here into a branch, which the beam's direction
    // makes unpredictable).
    const unsigned lowest = static_cast<unsigned>(__builtin_ctzll(blockers));
    const unsigned highest = 63u ^ static_cast<unsigned>(__builtin_clzll(blockers));
    const unsigned south_or_west = 0u - ((d >> 1) & 1u);
    const unsigned hit = lowest ^ ((lowest ^ highest) & south_or_west);
    const unsigned len = static_cast<unsigned>(t.beyond[d][at] - t.beyond[d][hit]);
    const unsigned king_hit = static_cast<unsigned>((kings >> hit) & 1);
    const unsigned next = king_hit ? kernel::kBeamZap : t.reflection[d][orientation(hit)];
    const unsigned reflects = next != kernel::kBeamZap ? 1u : 0u;
    // A King never reflects, so `theirs` here is an opponent's Pawn.
    const unsigned extra = reflects & static_cast<unsigned>((theirs >> hit) & 1);
    Emit::segment(out.squares + n, out.distances + n, at, d, len, total, extra);
    n += len;
    total += len + extra;
    if (!reflects) {
      out.end = king_hit ? kernel::LaserEnd::kZapsKing : kernel::LaserEnd::kZapsPawn;
      out.target = static_cast<kernel::Square>(hit);
      break;
    }
    at = hit;
    d = next;
  }
  out.count = static_cast<std::uint16_t>(n);
}

template <class Arch>
struct BeamEmit;

}  // namespace detail

template <class Arch>
void BeamSquaresVector<Arch>::run(const kernel::Board* boards, const kernel::Color* shooters,
                                   BeamSquares* out, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    detail::beam_squares_segments<detail::BeamEmit<Arch>>(boards[i], shooters[i], out[i]);
}

}  // namespace leiser::simd
