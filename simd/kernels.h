// The SIMD kernels: what each computes, the raw signatures the dispatch table
// holds, the scalar reference versions, and the xsimd per-architecture
// functors the AVX2 and AVX-512 versions are instantiated from.
//
// Every kernel has the same result on every implementation, bit for bit; the
// scalar versions are the definition (tests/simd checks the others against
// them and against the kernel's own functions).
//
// Data layout: bitboards as in kernel/bitboard.h (square = 8 * rank + file).
// Arrays are plain contiguous arrays of `count` elements; outputs must not
// overlap inputs. Most callers want the span wrappers of simd/dispatch.h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/piece.h"
#include "simd/config.h"

namespace leiser::simd {

using kernel::Bitboard;

// Eight sets indexed by kernel::Direction: N, NE, E, SE, S, SW, W, NW.
using DirectionSets = std::array<Bitboard, 8>;
// Four sets indexed by kernel::LaserDirection: N, E, S, W.
using BeamSets = std::array<Bitboard, 4>;

// trace_lasers: out[i] = kernel::trace_laser(boards[i], shooters[i]) (the
// path of the opponent's beam is also the 2016 pin mask). The
// shooter's King must be on the board (as for trace_laser). Every field of
// each LaserTrace is written (target is 0 when end is kOffBoard); padding
// bytes may be overwritten.
using TraceLasersFn = void (*)(const kernel::Board* boards, const kernel::Color* shooters,
                               kernel::LaserTrace* out, std::size_t count);

// destination_sets: out[i][dir] = kernel::shift(pieces[i], dir) & targets[i]:
// the squares one step from some piece in direction dir, among the targets
// (empty squares for 2018 shifts; the enemy's pieces for 2018 swap targets;
// ~0 for plain neighbour sets).
using DestinationSetsFn = void (*)(const Bitboard* pieces, const Bitboard* targets,
                                   DirectionSets* out, std::size_t count);

// touches_path: out[i] = (kernel::squares_touched(moves[i]) & path) != 0 ? 1
// : 0, for moves a generator produced (their squares are on the board).
// Returns how many moves touch the path.
using TouchesPathFn = std::size_t (*)(const kernel::Move* moves, std::size_t count, Bitboard path,
                                      std::uint8_t* out);

// beam_fills: out[i][d] = the squares a beam leaving any square of
// sources[i] in laser direction d crosses, up to and including the first
// square not in empty[i] (or to the edge): the occluded fill, shifted one
// step. A source square is in the result only if another source's beam
// reaches it.
using BeamFillsFn = void (*)(const Bitboard* sources, const Bitboard* empty, BeamSets* out,
                             std::size_t count);

// lcoverage_beams: the beams LCOVERAGE re-traces (search/eval/lcoverage.h),
// many at once on the SAME board. Lane i is c's beam on `board` with the
// squares square[0..2] given new contents code[0..2] (kLane* bits; a square
// >= 64 is an unused slot); the beam leaves `from` (not entered) in laser
// direction `direction` (kernel::LaserDirection, 0..3) with `total` already
// covered. Each square it enters costs 1, or 2 if it holds a Pawn of c's
// opponent that reflects the beam; it stops on a King, on a Pawn hit where
// it does not reflect (both entered, cost 1), or at the edge: exactly the
// walk of eval::lcoverage_trace_distances. For every square s entered at
// distance x: dist[s] = min(dist[s], x) and *reached |= bit(s). dist has 64
// entries (kernel::Square order); totals stay below 2^15. A lane with from
// >= 64 does nothing. Each beam must be one that cannot cycle: leaving a
// King, or a square that a beam from a King reaches, in the direction that
// beam leaves it (beam steps are reversible, so such a beam ends).
struct LcoverageLane {
  std::uint8_t from;
  std::uint8_t direction;
  std::uint16_t total;
  std::uint8_t square[4];  // [3] unused
  std::uint8_t code[4];    // [3] unused
  std::uint32_t unused;
};
static_assert(sizeof(LcoverageLane) == 16);
inline constexpr std::uint8_t kLaneOccupied = 1;  // a piece stands here
inline constexpr std::uint8_t kLaneKing = 2;      // ... a King
inline constexpr std::uint8_t kLaneLow = 4;       // orientation bit 0
inline constexpr std::uint8_t kLaneHigh = 8;      // orientation bit 1
inline constexpr std::uint8_t kLaneTheirs = 16;   // a piece of c's opponent
inline constexpr std::uint8_t kLaneUnused = 0xFF; // square[] of an unused slot

// The content code of `sq` on `board` for shooter c (0 if empty).
inline std::uint8_t lane_code(const kernel::Board& board, kernel::Color c, kernel::Square sq) {
  const unsigned s = sq;
  return static_cast<std::uint8_t>(
      ((board.occupied() >> s) & 1) | (((board.kings >> s) & 1) << 1) |
      (((board.orientation_low >> s) & 1) << 2) | (((board.orientation_high >> s) & 1) << 3) |
      (((board.pieces(kernel::opponent(c)) >> s) & 1) << 4));
}

using LcoverageBeamsFn = void (*)(const kernel::Board& board, kernel::Color c,
                                  const LcoverageLane* lanes, std::size_t count,
                                  std::uint16_t* dist, Bitboard* reached);

// The reference versions (plain C++, simd/*_scalar.cpp).
namespace scalar {
void trace_lasers(const kernel::Board* boards, const kernel::Color* shooters,
                  kernel::LaserTrace* out, std::size_t count);
void destination_sets(const Bitboard* pieces, const Bitboard* targets, DirectionSets* out,
                      std::size_t count);
std::size_t touches_path(const kernel::Move* moves, std::size_t count, Bitboard path,
                         std::uint8_t* out);
void beam_fills(const Bitboard* sources, const Bitboard* empty, BeamSets* out, std::size_t count);
void lcoverage_beams(const kernel::Board& board, kernel::Color c, const LcoverageLane* lanes,
                     std::size_t count, std::uint16_t* dist, Bitboard* reached);
}  // namespace scalar

// The vector versions, one functor per kernel. Each operator() is a template
// over the xsimd architecture, defined in an internal header and explicitly
// instantiated only in that architecture's translation unit
// (simd/<kernel>_avx2.cpp, simd/<kernel>_avx512.cpp), which alone is built
// with that instruction set.
struct TraceLasersKernel {
  template <class Arch>
  void operator()(Arch, const kernel::Board* boards, const kernel::Color* shooters,
                  kernel::LaserTrace* out, std::size_t count) const;
};
struct DestinationSetsKernel {
  template <class Arch>
  void operator()(Arch, const Bitboard* pieces, const Bitboard* targets, DirectionSets* out,
                  std::size_t count) const;
};
struct TouchesPathKernel {
  template <class Arch>
  std::size_t operator()(Arch, const kernel::Move* moves, std::size_t count, Bitboard path,
                         std::uint8_t* out) const;
};
struct BeamFillsKernel {
  template <class Arch>
  void operator()(Arch, const Bitboard* sources, const Bitboard* empty, BeamSets* out,
                  std::size_t count) const;
};
struct LcoverageBeamsKernel {
  template <class Arch>
  void operator()(Arch, const kernel::Board& board, kernel::Color c, const LcoverageLane* lanes,
                  std::size_t count, std::uint16_t* dist, Bitboard* reached) const;
};

}  // namespace leiser::simd

#if LEISER_SIMD_X86
#include <xsimd/xsimd.hpp>

namespace leiser::simd {

// Instantiated only in the AVX2 and AVX-512 translation units; every other
// object calls them, none compiles them.
#define LEISER_SIMD_EXTERN_KERNELS(ARCH)                                                         \
  extern template void TraceLasersKernel::operator()<ARCH>(                                      \
      ARCH, const kernel::Board*, const kernel::Color*, kernel::LaserTrace*, std::size_t) const; \
  extern template void DestinationSetsKernel::operator()<ARCH>(                                  \
      ARCH, const Bitboard*, const Bitboard*, DirectionSets*, std::size_t) const;                \
  extern template std::size_t TouchesPathKernel::operator()<ARCH>(                               \
      ARCH, const kernel::Move*, std::size_t, Bitboard, std::uint8_t*) const;                    \
  extern template void BeamFillsKernel::operator()<ARCH>(ARCH, const Bitboard*, const Bitboard*, \
                                                         BeamSets*, std::size_t) const;   \
  extern template void LcoverageBeamsKernel::operator()<ARCH>(                                   \
      ARCH, const kernel::Board&, kernel::Color, const LcoverageLane*, std::size_t,              \
      std::uint16_t*, Bitboard*) const;
LEISER_SIMD_EXTERN_KERNELS(xsimd::avx2)
LEISER_SIMD_EXTERN_KERNELS(xsimd::avx512bw)
#undef LEISER_SIMD_EXTERN_KERNELS

}  // namespace leiser::simd
#endif
