// MATERIAL (EVAL-2016.md section 1): every Pawn is worth PAWN_EV_VALUE; Kings
// have no material value because losing one ends the game.
#pragma once

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

inline int material(const kernel::Board& board, kernel::Color c, const EvalWeights& /*weights*/) {
  return kPawnEvValue * kernel::popcount(board.pawns(c));
}

}  // namespace leiser::search::eval
