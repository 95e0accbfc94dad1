// MOBILITY (EVAL-2016.md section 7): the King's 3x3 block (itself included,
// occupancy ignored, off-board squares absent) counted off the enemy's laser.
#pragma once

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

// With the enemy's path already traced (shared with HATTACK and PAWNPIN).
inline int mobility_from_path(const kernel::Board& board, kernel::Color c,
                              kernel::Bitboard enemy_path, const EvalWeights& weights) {
  const kernel::Square king = board.king_square(c);
  const kernel::Bitboard block = kernel::kNeighbours[king] | kernel::bit(king);
  return weights.mobility * kernel::popcount(block & ~enemy_path);
}

inline int mobility(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  return mobility_from_path(board, c, kernel::trace_laser(board, kernel::opponent(c)).path,
                            weights);
}

}  // namespace leiser::search::eval
