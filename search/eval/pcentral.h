// PCENTRAL (EVAL-2016.md section 3): each Pawn earns the weight scaled by how
// close it stands to the centre, P = trunc(d64(PCENTRAL * b)).
//
// b must be bit-exact: the reference computes it in binary64 as
//   b = 1 - sqrt(g(f)^2 + g(r)^2) / (8 / sqrt(2))
// and the rounding matters ({2,2} gives 0x1.ffffffffffffep-2, so 249 not 250
// at the default weight). std::sqrt is not constexpr in GCC 12, so the ten
// distinct values are written out as the spec's hex literals; the tests
// recompute them with the exact operation sequence and compare the bits.
#pragma once

#include <array>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

// g(x): distance of a file or rank from the central pair, 3 2 1 0 0 1 2 3.
constexpr int centre_distance(int x) { return x <= 3 ? 3 - x : x - 4; }

// kPCentralB[g(f)][g(r)], symmetric.
inline constexpr std::array<std::array<double, 4>, 4> kPCentralB = {{
    {0x1.0000000000000p+0, 0x1.a57d86660310dp-1, 0x1.4afb0ccc0621ap-1, 0x1.e0f126641264cp-2},
    {0x1.a57d86660310dp-1, 0x1.8000000000000p-1, 0x1.359d3e292d256p-1, 0x1.c3910c8d016aep-2},
    {0x1.4afb0ccc0621ap-1, 0x1.359d3e292d256p-1, 0x1.ffffffffffffep-2, 0x1.7353541dba012p-2},
    {0x1.e0f126641264cp-2, 0x1.c3910c8d016aep-2, 0x1.7353541dba012p-2, 0x1.0000000000000p-2},
}};

namespace detail {
constexpr std::array<double, 64> make_pcentral_square_table() {
  std::array<double, 64> table{};
  for (int sq = 0; sq < 64; ++sq)
    table[sq] = kPCentralB[centre_distance(kernel::file_of(static_cast<kernel::Square>(sq)))]
                          [centre_distance(kernel::rank_of(static_cast<kernel::Square>(sq)))];
  return table;
}
}  // namespace detail

// b per square (bit index 8 * rank + file).
inline constexpr std::array<double, 64> kPCentralBySquare = detail::make_pcentral_square_table();

// P for one Pawn square. The product is one binary64 multiplication and the
// conversion truncates toward zero, as the reference's (int) cast does, also
// for negative weights.
inline int pcentral_square(kernel::Square sq, int weight) {
  return static_cast<int>(static_cast<double>(weight) * kPCentralBySquare[sq]);
}

inline int pcentral(const kernel::Board& board, kernel::Color c, const EvalWeights& weights) {
  int sum = 0;
  for (kernel::Bitboard pawns = board.pawns(c); pawns;)
    sum += pcentral_square(kernel::pop_lowest(pawns), weights.pcentral);
  return sum;
}

}  // namespace leiser::search::eval
