// Laser tracing: the path a King's beam takes on a board and what it hits.
//
// The beam runs in straight segments between mirrors, so each segment is found
// with one ray-table lookup and one bit scan (the nearest piece along the ray)
// instead of walking square by square. The reference walk, square by square,
// lives in tests/ (the plain model) and the SIMD versions in simd/.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"

namespace leiser::kernel {

// Laser directions, clockwise: the same numbering as King orientations.
enum LaserDirection : std::uint8_t { kBeamN, kBeamE, kBeamS, kBeamW };
inline constexpr std::uint8_t kBeamZap = 4;

// kReflection[beam][pawn orientation]: the new beam direction, or kBeamZap when
// the beam hits the back of the Pawn (RULES.md table; orientations NW NE SE SW).
inline constexpr std::array<std::array<std::uint8_t, 4>, 4> kReflection = {{
    {kBeamZap, kBeamZap, kBeamE, kBeamW},  // beam travelling north
    {kBeamN, kBeamZap, kBeamZap, kBeamS},  // east
    {kBeamW, kBeamE, kBeamZap, kBeamZap},  // south
    {kBeamZap, kBeamN, kBeamS, kBeamZap},  // west
}};

enum class LaserEnd : std::uint8_t { kOffBoard, kZapsPawn, kZapsKing };

struct LaserTrace {
  // Every square the beam enters, plus the firing King's own square. The
  // zapped square (if any) is included.
  Bitboard path = 0;
  LaserEnd end = LaserEnd::kOffBoard;
  Square target = 0;  // the zapped square when end != kOffBoard
};

// The nearest piece to `from` along laser direction d among `blockers`, which
// must be a non-empty subset of kRays[d][from]. North and east rays run to
// higher bit indices, south and west to lower ones.
constexpr Square nearest_along(Bitboard blockers, int d) {
  return (d == kBeamN || d == kBeamE) ? lowest_square(blockers) : highest_square(blockers);
}

// Follows a beam leaving square `at` in direction d until it zaps a piece or
// leaves the board; `path` is what the beam has covered so far. The plain
// form: the reference for trace_beam_bmi below, and the one the baseline core
// runs.
constexpr LaserTrace trace_beam_plain(const Board& board, Square at, int d, Bitboard path) {
  const Bitboard occupied = board.occupied();
  LaserTrace trace;
  for (;;) {
    const Bitboard ray = kRays[d][at];
    const Bitboard blockers = ray & occupied;
    if (!blockers) {
      trace.path = path | ray;
      return trace;
    }
    const Square hit = nearest_along(blockers, d);
    path |= ray & ~kRays[d][hit];
    const std::uint8_t next =
        (board.kings & bit(hit)) ? kBeamZap : kReflection[d][board.orientation_at(hit)];
    if (next == kBeamZap) {
      trace.path = path;
      trace.end = (board.kings & bit(hit)) ? LaserEnd::kZapsKing : LaserEnd::kZapsPawn;
      trace.target = hit;
      return trace;
    }
    at = hit;
    d = next;
  }
}

// The reflection table as arithmetic: with turn = (orientation - beam) mod 4,
// the Pawn's back faces the beam when turn is 0 or 1 (zap); turn 2 sends the
// beam clockwise (d + 1), turn 3 anticlockwise (d + 3). Checked against
// kReflection below, so the table stays the specification.
constexpr bool reflection_zaps(int turn) { return (turn & 2) == 0; }
constexpr int reflected_direction(int d, int turn) { return (d + 2 * turn + 1) & 3; }
namespace detail {
constexpr bool reflection_arithmetic_matches_table() {
  for (int d = 0; d < 4; ++d)
    for (int o = 0; o < 4; ++o) {
      const int turn = (o - d) & 3;
      const int want = kReflection[d][o];
      if (reflection_zaps(turn) != (want == kBeamZap)) return false;
      if (!reflection_zaps(turn) && reflected_direction(d, turn) != want) return false;
    }
  return true;
}
static_assert(reflection_arithmetic_matches_table());
}  // namespace detail

#if defined(__BMI2__) && defined(__LZCNT__)
// The same beam with BMI1/BMI2/LZCNT and no branch on the direction. The
// plain loop branches on d to pick the bit scan (north/east beams hit the
// lowest blocker, south/west the highest) and looks the segment up in a
// second ray table; d changes at every mirror, so that branch mispredicts on
// most beams. Here both scans run (tzcnt, lzcnt), the segment is cut with
// blsmsk (up to and including the lowest blocker) or shlx (from the highest
// blocker up), and the selects are cmovs; the mirror's turn is arithmetic
// on the hit square's orientation bits instead of a table load.
constexpr LaserTrace trace_beam_bmi(const Board& board, Square at, int d, Bitboard path) {
  const Bitboard occupied = board.occupied();
  for (;;) {
    const Bitboard ray = kRays[d][at];
    const Bitboard blockers = ray & occupied;
    if (!blockers) return {path | ray, LaserEnd::kOffBoard, 0};
    const bool rising = d < 2;  // kBeamN, kBeamE: towards higher bit indices
    const int lowest = std::countr_zero(blockers);
    const int highest = 63 - std::countl_zero(blockers);
    const int hit = rising ? lowest : highest;
    const Bitboard through_lowest = blockers ^ (blockers - 1);
    const Bitboard from_highest = ~Bitboard{0} << highest;
    path |= ray & (rising ? through_lowest : from_highest);
    const int orientation = static_cast<int>(((board.orientation_low >> hit) & 1) |
                                             (((board.orientation_high >> hit) & 1) << 1));
    const int turn = (orientation - d) & 3;
    const bool king = (board.kings >> hit) & 1;
    if (king || reflection_zaps(turn))
      return {path, king ? LaserEnd::kZapsKing : LaserEnd::kZapsPawn, static_cast<Square>(hit)};
    at = static_cast<Square>(hit);
    d = reflected_direction(d, turn);
  }
}
#endif

// The beam tracer the kernel uses: trace_beam_bmi where the core is compiled
// with BMI2 and LZCNT (x86-64-v3 and up), trace_beam_plain otherwise.
constexpr LaserTrace trace_beam(const Board& board, Square at, int d, Bitboard path) {
#if defined(__BMI2__) && defined(__LZCNT__)
  return trace_beam_bmi(board, at, d, path);
#else
  return trace_beam_plain(board, at, d, path);
#endif
}

// Fires the laser of `shooter`'s King on `board` once (no re-fire), stopping
// at the first piece it would zap or at the edge. The King must be on board.
constexpr LaserTrace trace_laser(const Board& board, Color shooter) {
  const Square king = board.king_square(shooter);
  return trace_beam(board, king, board.orientation_at(king), bit(king));
}

}  // namespace leiser::kernel
