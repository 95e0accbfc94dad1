// PBETWEEN (EVAL-2016.md section 2): a Pawn inside the closed rectangle spanned
// by the two King squares earns the weight, whichever colour owns it.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

// Squares with lo_file <= file <= hi_file and lo_rank <= rank <= hi_rank.
// Built from masks rather than a loop because eval runs at every leaf.
constexpr kernel::Bitboard rectangle_mask(int lo_file, int hi_file, int lo_rank, int hi_rank) {
  const std::uint64_t file_byte =
      ((std::uint64_t{2} << hi_file) - 1) & ~((std::uint64_t{1} << lo_file) - 1);
  const kernel::Bitboard files = file_byte * kernel::kFileA;  // the byte repeated on every rank
  const kernel::Bitboard ranks =
      (~kernel::Bitboard{0} >> (8 * (7 - hi_rank))) & (~kernel::Bitboard{0} << (8 * lo_rank));
  return files & ranks;
}

// The Kings' rectangle; it depends only on the two King squares.
constexpr kernel::Bitboard kings_rectangle(const kernel::Board& board) {
  const kernel::Square w = board.king_square(kernel::Color::kTangerine);
  const kernel::Square b = board.king_square(kernel::Color::kLavender);
  // Plain ints, not std::minmax: minmax of temporaries returns dangling
  // references.
  const int wf = kernel::file_of(w), bf = kernel::file_of(b);
  const int wr = kernel::rank_of(w), br = kernel::rank_of(b);
  return rectangle_mask(std::min(wf, bf), std::max(wf, bf), std::min(wr, br), std::max(wr, br));
}

inline int pbetween(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  return weights.pbetween * kernel::popcount(board.pawns(c) & kings_rectangle(board));
}

}  // namespace leiser::search::eval
