// The scalar reference's beam walk: one square at a time, straight from the
// reflection table, with path distances. lcoverage_beams (simd/batch_ops.h)
// is defined by it; its vector versions are checked against it
// (tests/simd/test_lcoverage_beams.cpp), and it against the evaluation's own
// walk (search/eval/lcoverage_walk.h, the definition of LCOVERAGE's path
// distance) by tests/eval/test_lcoverage.cpp, which runs the batched
// LCOVERAGE under every implementation, scalar included.
//
// INTERNAL: for simd/*_scalar.cpp. Plain C++, no instruction-set code.
#pragma once

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/piece.h"

namespace leiser::simd::scalar {

// From square `at`, leaving in laser direction `direction` (not entering
// `at`) with path distance `total` so far: each square the beam enters costs
// 1, or 2 if it is in `surcharged` and its piece reflects the beam; the beam
// stops on the first piece it would zap (that square is entered) or at the
// edge. Calls visit(square, distance, end) for every square entered, in
// order; end is what the beam does there (kOffBoard: it goes on). A visit
// that returns false ends the walk.
template <class Visit>
void walk_beam(const kernel::Board& board, int at, int direction, int total,
               kernel::Bitboard surcharged, Visit&& visit) {
  for (;;) {
    const int next = kernel::step(static_cast<kernel::Square>(at), 2 * direction);
    if (next < 0) return;  // off the board
    at = next;
    const auto sq = static_cast<kernel::Square>(at);
    int cost = 1;
    kernel::LaserEnd end = kernel::LaserEnd::kOffBoard;
    if (const auto piece = board.piece_at(sq)) {
      if (piece->type == kernel::PieceType::kKing) {
        end = kernel::LaserEnd::kZapsKing;
      } else if (const int turned = kernel::kReflection[direction][piece->orientation];
                 turned == kernel::kBeamZap) {
        end = kernel::LaserEnd::kZapsPawn;
      } else {
        if (surcharged & kernel::bit(sq)) cost = 2;
        direction = turned;
      }
    }
    total += cost;
    if (!visit(sq, total, end) || end != kernel::LaserEnd::kOffBoard) return;
  }
}

}  // namespace leiser::simd::scalar
