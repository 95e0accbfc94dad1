// The 2016 static evaluation (EVAL-2016.md): the sum of eight terms per side,
// Tangerine minus Lavender, from the side to move's point of view, in
// centipawns. RANDOMIZE is not implemented (it is off in the reference data).
#pragma once

#include <array>

#include "kernel/board.h"
#include "kernel/piece.h"
#include "search/eval/weights.h"

namespace leiser::search::eval {

// Every term per colour in ev units, indexed by kernel::index_of(Color)
// (0 = Tangerine, 1 = Lavender), for diffing against the reference printout
// and the test vectors.
struct EvalBreakdown {
  using PerColor = std::array<int, kernel::kColorCount>;
  PerColor material{};
  PerColor pbetween{};
  PerColor pcentral{};
  PerColor kface{};
  PerColor kaggressive{};
  PerColor hattack{};
  PerColor mobility{};
  PerColor pawnpin{};
  PerColor total{};  // S_c, the sum of the eight terms
  int score_cp = 0;  // tdiv(+-(S_W - S_B), 100), the side to move's view
};

// Term by term through the per-term functions (each traces what it needs).
EvalBreakdown evaluate_2016_breakdown(const kernel::Board& board, kernel::Color side_to_move,
                                      const EvalWeights& weights = EvalWeights{});

// The same score, tracing each laser once and sharing the paths between
// HATTACK, MOBILITY and PAWNPIN. Both Kings must be on the board.
int evaluate_2016(const kernel::Board& board, kernel::Color side_to_move,
                  const EvalWeights& weights = EvalWeights{});
// The same, from the two beams' paths (kernel::trace_laser(board, c).path)
// when the caller has them already.
int evaluate_2016_from_paths(const kernel::Board& board, kernel::Color side_to_move,
                             const EvalWeights& weights, kernel::Bitboard tangerine_path,
                             kernel::Bitboard lavender_path);

// The last step of section 9: negate for Lavender, then truncate toward zero.
constexpr int ev_to_side_cp(int tangerine_minus_lavender, kernel::Color side_to_move) {
  const int signed_ev = side_to_move == kernel::Color::kLavender ? -tangerine_minus_lavender
                                                                 : tangerine_minus_lavender;
  return signed_ev / 100;  // C++ division truncates toward zero, as tdiv
}

}  // namespace leiser::search::eval
