// The SIMD batch operations ("ops"): what each computes, and the one list
// that declares them. Everything else about an op is generated from that
// list: its function-pointer type (TraceLasersFn), the scalar reference's
// declaration (scalar::trace_lasers), the vector version's class template
// (TraceLasersVector<Arch>::run), the `extern template`s that keep vector
// code out of baseline objects, the dispatch table's entry
// (Implementation::trace_lasers_fn) and its name for tests (kBatchOpNames).
//
// ("Op", not "kernel": kernel/ and leiser::kernel are the game rules.)
//
// Every op has the same result on every implementation, bit for bit; the
// scalar versions are the definition (tests/simd checks the others against
// them and against the rules' own functions).
//
// Data layout: bitboards as in kernel/bitboard.h (square = 8 * rank + file).
// Arrays are plain contiguous arrays of `count` elements; outputs must not
// overlap inputs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

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

// The contracts, one paragraph per op; the signatures are in the list below.
//
// trace_lasers: out[i] = kernel::trace_laser(boards[i], shooters[i]) (the
// path of the opponent's beam is also the 2016 pin mask). The
// shooter's King must be on the board (as for trace_laser). Every field of
// each LaserTrace is written (target is 0 when end is kOffBoard); padding
// bytes may be overwritten.

// destination_sets: out[i][dir] = kernel::shift(pieces[i], dir) & targets[i]:
// the squares one step from some piece in direction dir, among the targets
// (empty squares for 2018 shifts; the enemy's pieces for 2018 swap targets;
// ~0 for plain neighbour sets).

// touches_path: out[i] = (kernel::squares_touched(moves[i]) & path) != 0 ? 1
// : 0, for moves a generator produced (their squares are on the board).
// Returns how many moves touch the path.

// beam_fills: out[i][d] = the squares a beam leaving any square of
// sources[i] in laser direction d crosses, up to and including the first
// square not in empty[i] (or to the edge): the occluded fill, shifted one
// step. A source square is in the result only if another source's beam
// reaches it.

// lcoverage_beams: the beams LCOVERAGE re-traces (search/eval/lcoverage.h),
// many at once on the SAME board. Lane i is c's beam on `board` with the
// squares square[0..2] given new contents code[0..2] (kLane* bits; a square
// >= 64 is an unused slot); the beam leaves `from` (not entered) in laser
// direction `direction` (kernel::LaserDirection, 0..3) with `total` already
// covered. Each square it enters costs 1, or 2 if it holds a Pawn of c's
// opponent that reflects the beam; it stops on a King, on a Pawn hit where
// it does not reflect (both entered, cost 1), or at the edge: the
// evaluation's rule (search/eval/lcoverage_walk.h), which the tests hold
// this op to. For every square s entered at
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

// THE LIST: one line per op, X(name, Name, return type, (parameters)).
// Adding an op: a line here, its contract above, and its source files
// simd/<family>_scalar.cpp, _avx2.cpp and _avx512.cpp (see simd/meson.build).
// The parameters are named for documentation; no comments inside the macro
// (a `//` comment would swallow the line continuation).
#define LEISER_SIMD_BATCH_OPS(X)                                                             \
  X(trace_lasers, TraceLasers, void,                                                         \
    (const kernel::Board* boards, const kernel::Color* shooters, kernel::LaserTrace* out,    \
     std::size_t count))                                                                     \
  X(destination_sets, DestinationSets, void,                                                 \
    (const Bitboard* pieces, const Bitboard* targets, DirectionSets* out, std::size_t count)) \
  X(touches_path, TouchesPath, std::size_t,                                                  \
    (const kernel::Move* moves, std::size_t count, Bitboard path, std::uint8_t* out))        \
  X(beam_fills, BeamFills, void,                                                             \
    (const Bitboard* sources, const Bitboard* empty, BeamSets* out, std::size_t count))      \
  X(lcoverage_beams, LcoverageBeams, void,                                                   \
    (const kernel::Board& board, kernel::Color c, const LcoverageLane* lanes,                \
     std::size_t count, std::uint16_t* dist, Bitboard* reached))                             \
  X(beam_squares, BeamSquares, void,                                                         \
    (const kernel::Board* boards, const kernel::Color* shooters, BeamSquares* out,           \
     std::size_t count))

// Generated from the list.

// The function-pointer type of each op (the dispatch table's entry type).
#define LEISER_SIMD_OP_FN_TYPE(name, Name, Return, Params) using Name##Fn = Return(*) Params;
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_FN_TYPE)
#undef LEISER_SIMD_OP_FN_TYPE

// The scalar references (plain C++, simd/<family>_scalar.cpp).
namespace scalar {
#define LEISER_SIMD_OP_SCALAR(name, Name, Return, Params) Return name Params;
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_SCALAR)
#undef LEISER_SIMD_OP_SCALAR
}  // namespace scalar

// The vector versions: Name##Vector<Arch>::run, written once over xsimd in an
// internal header (simd/<family>_impl.h) and explicitly instantiated, with
// `template struct Name##Vector<xsimd::...>;`, only in that architecture's
// translation unit (simd/<family>_avx2.cpp, _avx512.cpp), which alone is
// built with that instruction set.
#define LEISER_SIMD_OP_VECTOR(name, Name, Return, Params) \
  template <class Arch>                                   \
  struct Name##Vector {                                   \
    static Return run Params;                             \
  };
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_VECTOR)
#undef LEISER_SIMD_OP_VECTOR

// The ops' names, in list order (tests and tools enumerate them).
#define LEISER_SIMD_OP_NAME(name, Name, Return, Params) std::string_view(#name),
inline constexpr std::array kBatchOpNames = {LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_NAME)};
#undef LEISER_SIMD_OP_NAME

}  // namespace leiser::simd

#if LEISER_SIMD_X86
#include <xsimd/xsimd.hpp>

namespace leiser::simd {

// The vector versions are instantiated only in the AVX2 and AVX-512
// translation units; every other object calls them, none compiles them.
#define LEISER_SIMD_OP_EXTERN(name, Name, Return, Params) \
  extern template struct Name##Vector<xsimd::avx2>;       \
  extern template struct Name##Vector<xsimd::avx512bw>;
LEISER_SIMD_BATCH_OPS(LEISER_SIMD_OP_EXTERN)
#undef LEISER_SIMD_OP_EXTERN

}  // namespace leiser::simd
#endif
