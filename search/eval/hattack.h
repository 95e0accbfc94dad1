// HATTACK (EVAL-2016.md section 6): a side's laser path earns credit for
// running close to the enemy King. The per-square value is binary64 rounded
// once to binary32, and the sum is accumulated in binary32 in FILE-MAJOR order
// (a0, a1, ..., a7, b0, ...) and then truncated. Both the precision and the
// order change the truncated result in a few percent of positions, so this
// code must not reassociate: the loop adds one float at a time, in order.
// (No multiply feeds an add here, so FMA contraction cannot apply either.)
#pragma once

#include <array>
#include <cstdlib>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

namespace detail {
constexpr std::array<std::array<float, 8>, 8> make_hattack_table() {
  std::array<std::array<float, 8>, 8> table{};
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 8; ++b)
      // Two binary64 divisions and one binary64 add, then one rounding to
      // binary32 (constant folding in GCC is correctly rounded; the tests
      // check every entry against the spec's bit patterns).
      table[a][b] = static_cast<float>(1.0 / (a + 1) + 1.0 / (b + 1));
  return table;
}
}  // namespace detail

// kHAttackH[|file delta|][|rank delta|] in binary32.
inline constexpr std::array<std::array<float, 8>, 8> kHAttackH = detail::make_hattack_table();

// Transposes a bitboard about the a0-h7 diagonal, moving bit 8r+f to 8f+r.
// Popping the lowest bit of the result then visits squares file-major, the
// order the reference accumulates in.
constexpr kernel::Bitboard transpose(kernel::Bitboard x) {
  kernel::Bitboard t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}
static_assert(transpose(kernel::bit(kernel::make_square(1, 0))) ==
              kernel::bit(8));  // b0 -> index 8
static_assert(transpose(kernel::bit(kernel::make_square(0, 1))) ==
              kernel::bit(1));  // a1 -> index 1
static_assert(transpose(kernel::bit(kernel::make_square(2, 5))) == kernel::bit(21));  // c5 -> 8*2+5

namespace detail {
// kHAttackByKing[enemy King][8 * file + rank]: the kHAttackH entry of that
// square, so that the loop below does one load per square instead of the
// deltas and their absolute values. The same binary32 values, added in the
// same order, so the same sums (16 KiB).
constexpr std::array<std::array<float, 64>, 64> make_hattack_by_king() {
  std::array<std::array<float, 64>, 64> table{};
  for (int king = 0; king < 64; ++king)
    for (int index = 0; index < 64; ++index) {
      const int file_delta = (index >> 3) - kernel::file_of(static_cast<kernel::Square>(king));
      const int rank_delta = (index & 7) - kernel::rank_of(static_cast<kernel::Square>(king));
      table[king][index] = kHAttackH[file_delta < 0 ? -file_delta : file_delta]
                                    [rank_delta < 0 ? -rank_delta : rank_delta];
    }
  return table;
}
}  // namespace detail
inline constexpr std::array<std::array<float, 64>, 64> kHAttackByKing =
    detail::make_hattack_by_king();

// H_c: the truncated binary32 sum over `path` against the enemy King's square.
inline int hattack_units(kernel::Bitboard path, kernel::Square enemy_king) {
  const std::array<float, 64>& by_square = kHAttackByKing[enemy_king];
  float acc = 0.0f;
  for (kernel::Bitboard by_file = transpose(path); by_file;)
    acc += by_square[kernel::pop_lowest(by_file)];  // index 8 * file + rank
  return static_cast<int>(acc);                     // acc >= 0, so truncation is floor
}

// With colour c's path already traced (shared with MOBILITY and PAWNPIN).
inline int hattack_from_path(const kernel::Board& board, kernel::Color c, kernel::Bitboard own_path,
                             const EvalWeights& weights) {
  return weights.hattack * hattack_units(own_path, board.king_square(kernel::opponent(c)));
}

inline int hattack(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  return hattack_from_path(board, c, kernel::trace_laser(board, c).path, weights);
}

}  // namespace leiser::search::eval
