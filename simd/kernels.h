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

// beam_squares: out[i] = the squares shooters[i]'s beam on boards[i] enters,
// in the order it enters them, with their path distances, and what it zaps
// (the SIMD issue's "laser trace: from a King, the path bitboard, the squares
// in order with their path distances, and the victim"; the path bitboard and
// victim alone are trace_lasers). The beam is kernel::trace_laser's: it
// leaves the King's square (not entered: distance 0, not listed) in the
// King's direction; each square it enters costs 1, or 2 if it holds a Pawn of
// the shooter's opponent that reflects it (EVAL-2018.md, LCOVERAGE step 1:
// the running total when the beam enters a square is that square's path
// distance); it stops on the first piece it would zap (a King, the shooter's
// own included, or a Pawn hit where it does not reflect; that square is
// entered, cost 1, and listed last) or at the edge. end and target are
// trace_laser's. The shooter's King must be on the board.
//
// A beam can cross a square twice (in different directions), so a square can
// be listed twice, with different distances. Entries squares[k],
// distances[k] for k >= count are unspecified: the AVX2 version stores eight
// entries per segment whatever its length and leaves what lies past the
// last one.
// Compare results with `same_beam`, which looks at count, end, target and
// the first `count` entries only.
struct BeamSquares {
  // Bound on count. The beam's state, the square it enters and the
  // direction it travels when entering, never repeats: the state before
  // (s, d) is determined by it (the square s - step(d), entered in d if
  // empty or in the one direction its Pawn reflects into d; kReflection is
  // one-to-one on a Pawn's two mirror directions), and the first state's
  // predecessor is the King's square, which the beam enters only to stop.
  // So count <= the number of (square, direction) pairs with a square behind
  // the square in that direction: 4 * 64 - 4 * 8 = 224.
  static constexpr std::size_t kMaxEntries = 4 * 64 - 4 * 8;
  // Array size: kMaxEntries plus room for an eight-entry store that starts
  // at the last segment's first entry (a segment has at most 7 squares, so
  // kMaxEntries + 7 would do; 256 = one slot per (square, direction) pair).
  static constexpr std::size_t kCapacity = 4 * 64;
  static constexpr std::size_t kStoreWidth = 8;  // entries one vector store may write
  static_assert(kMaxEntries + kStoreWidth - 1 <= kCapacity);
  // An entry costs at most 2, so distances are at most 2 * kMaxEntries =
  // 448: 16 bits.

  std::uint16_t count;                  // entries listed, <= kMaxEntries
  kernel::LaserEnd end;                 // as kernel::trace_laser
  kernel::Square target;                // the zapped square when end != kOffBoard, else 0
  std::uint8_t squares[kCapacity];      // kernel::Square, in the order entered
  std::uint16_t distances[kCapacity];   // path distance of squares[k]; strictly increasing
};
static_assert(sizeof(kernel::LaserEnd) == 1 && sizeof(kernel::Square) == 1);

// The meaningful parts of two results are equal (see BeamSquares).
inline bool same_beam(const BeamSquares& a, const BeamSquares& b) {
  if (a.count != b.count || a.end != b.end || a.target != b.target) return false;
  for (std::size_t k = 0; k < a.count && k < BeamSquares::kCapacity; ++k)
    if (a.squares[k] != b.squares[k] || a.distances[k] != b.distances[k]) return false;
  return true;
}

using BeamSquaresFn = void (*)(const kernel::Board* boards, const kernel::Color* shooters,
                               BeamSquares* out, std::size_t count);

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
void beam_squares(const kernel::Board* boards, const kernel::Color* shooters, BeamSquares* out,
                  std::size_t count);
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
struct BeamSquaresKernel {
  template <class Arch>
  void operator()(Arch, const kernel::Board* boards, const kernel::Color* shooters,
                  BeamSquares* out, std::size_t count) const;
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
      std::uint16_t*, Bitboard*) const;                                                        \
  extern template void BeamSquaresKernel::operator()<ARCH>(                                      \
      ARCH, const kernel::Board*, const kernel::Color*, BeamSquares*, std::size_t) const;
LEISER_SIMD_EXTERN_KERNELS(xsimd::avx2)
LEISER_SIMD_EXTERN_KERNELS(xsimd::avx512bw)
#undef LEISER_SIMD_EXTERN_KERNELS

}  // namespace leiser::simd
#endif
