// LCOVERAGE's path-distance rule: the beam walk, square by square, as the
// plain (definition) version of search/eval/lcoverage.cpp walks every beam.
// The fast version's segment walk computes the same distances;
// tests/eval/test_lcoverage.cpp checks it against this.
//
// From square `at`, leaving in laser direction `direction` with `total` path
// distance so far: each square the beam enters costs 1, except a Pawn of c's
// opponent that reflects the beam, which costs 2; the beam stops on the first
// piece it would zap (a King, or a Pawn hit on its back; that square is
// entered) or at the edge. Each entered square's distance is min-merged into
// dist[square], and the square is added to *reached when reached is given.
// The reading of EVAL-2018.md behind these rules: search/eval/lcoverage.h.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/piece.h"

namespace leiser::search::eval {

inline void lcoverage_walk(const kernel::Board& board, kernel::Color c, int at, int direction,
                           int total, std::uint16_t* dist, kernel::Bitboard* reached) {
  for (;;) {
    const int next = kernel::step(static_cast<kernel::Square>(at), 2 * direction);
    if (next < 0) return;  // off the board
    at = next;
    int cost = 1;
    bool stops = false;
    if (const auto piece = board.piece_at(static_cast<kernel::Square>(at))) {
      if (piece->type == kernel::PieceType::kKing) {
        stops = true;
      } else {
        const int out = kernel::kReflection[direction][piece->orientation];
        if (out == kernel::kBeamZap) {
          stops = true;
        } else {
          if (piece->color == kernel::opponent(c)) cost = 2;
          direction = out;
        }
      }
    }
    total += cost;
    dist[at] = static_cast<std::uint16_t>(std::min<int>(dist[at], total));
    if (reached) *reached |= kernel::bit(static_cast<kernel::Square>(at));
    if (stops) return;
  }
}

}  // namespace leiser::search::eval
