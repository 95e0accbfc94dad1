// The feature transformer's output for both perspectives, kept with the board
// it describes so that the next board's can be derived from it.
//
// refresh computes it from scratch (the biases plus one column per piece);
// update derives it from another board's by subtracting the columns of the
// pieces that left each changed square and adding those that arrived. A move
// changes one to three squares plus the squares its laser zaps, so update
// costs a handful of column operations against refresh's 10 to 40.
// changed_squares lets a caller choose: update pays one subtraction and one
// addition per changed occupied square, refresh one addition per piece.
#pragma once

#include <cstdint>

#include "kernel/board.h"
#include "kernel/piece.h"
#include "nnue/features.h"
#include "nnue/network.h"

namespace leiser::nnue {

struct Accumulator {
  kernel::Board board;  // the board the values describe
  bool valid = false;   // false until refresh or update has filled it
  // values[0]: Tangerine's perspective, values[1]: Lavender's. int16,
  // wrapping modulo 2^16 (nnue/README.md, inference step 1).
  alignas(64) std::int16_t values[kPerspectiveCount][kHalfDimensions];
};

// acc = the accumulator of `board`, from scratch.
void refresh(const Network& net, const kernel::Board& board, Accumulator& acc);

// out = the accumulator of `to`, derived from `from` (which must be valid).
// `from` and `out` may be the same object. The result equals refresh's
// exactly, whatever the two boards (int16 addition wraps, so the order of the
// column operations does not matter).
void update(const Network& net, const Accumulator& from, const kernel::Board& to, Accumulator& out);

// The squares whose contents differ between two boards.
constexpr kernel::Bitboard changed_square_set(const kernel::Board& a, const kernel::Board& b) {
  return (a.by_color[0] ^ b.by_color[0]) | (a.by_color[1] ^ b.by_color[1]) | (a.kings ^ b.kings) |
         (a.orientation_low ^ b.orientation_low) | (a.orientation_high ^ b.orientation_high);
}
// How many squares differ: the cost of update in column operations is at
// most twice this (once the old piece, once the new), refresh's the number of
// pieces on the board.
constexpr int changed_squares(const kernel::Board& a, const kernel::Board& b) {
  return kernel::popcount(changed_square_set(a, b));
}

}  // namespace leiser::nnue
