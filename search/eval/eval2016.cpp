#include "search/eval/eval2016.h"

#include "kernel/laser.h"
#include "search/eval/hattack.h"
#include "search/eval/kaggressive.h"
#include "search/eval/kface.h"
#include "search/eval/material.h"
#include "search/eval/mobility.h"
#include "search/eval/pawnpin.h"
#include "search/eval/pbetween.h"
#include "search/eval/pcentral.h"

namespace leiser::search::eval {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;

EvalBreakdown evaluate_2016_breakdown(const Board& board, Color side_to_move,
                                      const EvalWeights& weights) {
  EvalBreakdown out;
  for (Color c : {Color::kTangerine, Color::kLavender}) {
    const int i = kernel::index_of(c);
    out.material[i] = material(board, c, weights);
    out.pbetween[i] = pbetween(board, c, weights);
    out.pcentral[i] = pcentral(board, c, weights);
    out.kface[i] = kface(board, c, weights);
    out.kaggressive[i] = kaggressive(board, c, weights);
    out.hattack[i] = hattack(board, c, weights);
    out.mobility[i] = mobility(board, c, weights);
    out.pawnpin[i] = pawnpin(board, c, weights);
    out.total[i] = out.material[i] + out.pbetween[i] + out.pcentral[i] + out.kface[i] +
                   out.kaggressive[i] + out.hattack[i] + out.mobility[i] + out.pawnpin[i];
  }
  out.score_cp = ev_to_side_cp(out.total[0] - out.total[1], side_to_move);
  return out;
}

namespace {

// S_c given both traced paths. Pawn terms that share the pawn set are folded
// together where that saves work; every piece of arithmetic is the same as in
// the per-term functions.
int side_total(const Board& board, Color c, Bitboard own_path, Bitboard enemy_path,
               Bitboard rectangle, const EvalWeights& weights) {
  const Bitboard pawns = board.pawns(c);
  int sum = kPawnEvValue * kernel::popcount(pawns) +
            weights.pbetween * kernel::popcount(pawns & rectangle);
  for (Bitboard rest = pawns; rest;)
    sum += pcentral_square(kernel::pop_lowest(rest), weights.pcentral);
  sum += kface(board, c, weights) + kaggressive(board, c, weights);
  sum += hattack_from_path(board, c, own_path, weights);
  sum += mobility_from_path(board, c, enemy_path, weights);
  sum += pawnpin_from_path(board, c, enemy_path, weights);
  return sum;
}

}  // namespace

int evaluate_2016(const Board& board, Color side_to_move, const EvalWeights& weights) {
  return evaluate_2016_from_paths(board, side_to_move, weights,
                                  kernel::trace_laser(board, Color::kTangerine).path,
                                  kernel::trace_laser(board, Color::kLavender).path);
}

int evaluate_2016_from_paths(const Board& board, Color side_to_move, const EvalWeights& weights,
                             Bitboard white_path, Bitboard black_path) {
  const Bitboard rectangle = kings_rectangle(board);
  const int white =
      side_total(board, Color::kTangerine, white_path, black_path, rectangle, weights);
  const int black = side_total(board, Color::kLavender, black_path, white_path, rectangle, weights);
  return ev_to_side_cp(white - black, side_to_move);
}

}  // namespace leiser::search::eval
