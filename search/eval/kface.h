// KFACE (EVAL-2016.md section 4): a King earns the weight times the share of
// the direction to the enemy King that lies along its facing direction.
#pragma once

#include <cstdlib>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

inline int kface(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  const kernel::Square own = board.king_square(c);
  const kernel::Square enemy = board.king_square(kernel::opponent(c));
  const int df = kernel::file_of(enemy) - kernel::file_of(own);
  const int dr = kernel::rank_of(enemy) - kernel::rank_of(own);
  int along = 0;
  switch (board.orientation_at(own)) {  // King orientations: N E S W
    case 0:
      along = dr;
      break;
    case 1:
      along = df;
      break;
    case 2:
      along = -dr;
      break;
    default:
      along = -df;
      break;
  }
  // Multiply first, then C++ division truncates toward zero like the
  // reference's C division (-20000 / 9 = -2222). The Kings never share a
  // square, so the divisor is at least 1.
  return along * weights.kface / (std::abs(df) + std::abs(dr));
}

}  // namespace leiser::search::eval
