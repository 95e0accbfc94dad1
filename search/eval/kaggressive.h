// KAGGRESSIVE (EVAL-2016.md section 5): a King earns credit for the area
// between it and the corner away from the enemy King (room to retreat is the
// enemy's problem; a King far forward has a large area behind it).
#pragma once

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

inline int kaggressive(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  const kernel::Square own = board.king_square(c);
  const kernel::Square enemy = board.king_square(kernel::opponent(c));
  const int f = kernel::file_of(own);
  const int r = kernel::rank_of(own);
  const int df = kernel::file_of(enemy) - f;
  const int dr = kernel::rank_of(enemy) - r;
  // The branch order is normative: when a delta is 0 the first matching row
  // decides which corner counts.
  int area = 0;
  if (df >= 0 && dr >= 0)
    area = (f + 1) * (r + 1);
  else if (df <= 0 && dr >= 0)
    area = (8 - f) * (r + 1);
  else if (df <= 0 && dr <= 0)
    area = (8 - f) * (8 - r);
  else
    area = (f + 1) * (8 - r);
  return weights.kaggressive * area / 64;  // truncating, as the reference's C division
}

}  // namespace leiser::search::eval
