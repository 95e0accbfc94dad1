// PAWNPIN (EVAL-2016.md section 8): Pawns off the enemy's laser path are free
// to move under the 2016 pinning rule; pinned ones (reflecting or about to be
// zapped by the enemy beam) earn nothing. A side's own beam never pins.
#pragma once

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

// With the enemy's path already traced (shared with HATTACK and MOBILITY).
inline int pawnpin_from_path(const kernel::Board& board, kernel::Color c,
                             kernel::Bitboard enemy_path, const EvalWeights& weights) {
  return weights.pawnpin * kernel::popcount(board.pawns(c) & ~enemy_path);
}

inline int pawnpin(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  return pawnpin_from_path(board, c, kernel::trace_laser(board, kernel::opponent(c)).path, weights);
}

}  // namespace leiser::search::eval
