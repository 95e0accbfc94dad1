// Laser tracing: the path a King's beam takes on a board and what it hits.
//
// The beam runs in straight segments between mirrors, so each segment is found
// with one ray-table lookup and one bit scan (the nearest piece along the ray)
// instead of walking square by square. The reference walk, square by square,
// lives in tests/ (the plain model) and the SIMD versions in simd/.
#pragma once

#include <array>
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
// leaves the board; `path` is what the beam has covered so far.
constexpr LaserTrace trace_beam(const Board& board, Square at, int d, Bitboard path) {
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

// Fires the laser of `shooter`'s King on `board` once (no re-fire), stopping
// at the first piece it would zap or at the edge. The King must be on board.
constexpr LaserTrace trace_laser(const Board& board, Color shooter) {
  const Square king = board.king_square(shooter);
  return trace_beam(board, king, board.orientation_at(king), bit(king));
}

}  // namespace leiser::kernel
