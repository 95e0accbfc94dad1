#include "search/evaluate.h"

#include <array>
#include <utility>

#include "kernel/laser.h"
#include "nnue/inference.h"
#include "search/eval/eval2016.h"
#include "search/eval/kaggressive.h"
#include "search/eval/kface.h"
#include "search/eval/lcoverage.h"
#include "search/eval/material.h"
#include "search/eval/mobility.h"
#include "search/eval/pbetween.h"
#include "search/eval/pcentral.h"

namespace leiser::search {

namespace {

using kernel::Color;

// 2018 terms for one colour, in the order `eval` prints them.
std::array<int, 6> terms_2018(const kernel::Board& board, Color c, const eval::EvalWeights& w,
                              kernel::Bitboard enemy_path) {
  return {eval::material(board, c, w),    eval::pbetween(board, c, w),
          eval::pcentral(board, c, w),    eval::kface(board, c, w),
          eval::kaggressive(board, c, w), eval::mobility_from_path(board, c, enemy_path, w)};
}
constexpr const char* kTermNames2018[6] = {"MATERIAL", "PBETWEEN",    "PCENTRAL",
                                           "KFACE",    "KAGGRESSIVE", "MOBILITY"};

int sum(const std::array<int, 6>& terms) {
  int total = 0;
  for (int t : terms) total += t;
  return total;
}

std::array<int, 6> terms_2018(const kernel::Board& board, Color c, const eval::EvalWeights& w) {
  return terms_2018(board, c, w, kernel::trace_laser(board, kernel::opponent(c)).path);
}

int evaluate_2018(const kernel::Board& board, Color side_to_move, const EvalParams& params,
                  kernel::Bitboard tangerine_path, kernel::Bitboard lavender_path) {
  const eval::EvalWeights& w = params.weights_2018;
  // LCOVERAGE is rounded once, on the difference of the two coverages.
  return eval::ev_to_side_cp(sum(terms_2018(board, Color::kTangerine, w, lavender_path)) -
                                 sum(terms_2018(board, Color::kLavender, w, tangerine_path)) +
                                 eval::lcoverage_term(board, Color::kTangerine, params.lcoverage),
                             side_to_move);
}

int evaluate_2018(const kernel::Board& board, Color side_to_move, const EvalParams& params) {
  return evaluate_2018(board, side_to_move, params,
                       kernel::trace_laser(board, Color::kTangerine).path,
                       kernel::trace_laser(board, Color::kLavender).path);
}

}  // namespace

int evaluate(const kernel::Position& pos, const EvalParams& params) {
  return evaluate(pos, params, kernel::trace_laser(pos.board(), pos.side_to_move()).path);
}

int evaluate(const kernel::Position& pos, const EvalParams& params,
             kernel::Bitboard side_to_move_path) {
  const kernel::Board& board = pos.board();
  const Color us = pos.side_to_move();
  if (const nnue::Network* net = params.network(pos.edition()))
    return nnue::evaluate_board(*net, board, us);
  if (pos.edition() == kernel::Edition::k2016) {
    const kernel::Bitboard their_path = pos.opponent_beam_2016();
    return us == Color::kTangerine ? eval::evaluate_2016_from_paths(board, us, params.weights_2016,
                                                                    side_to_move_path, their_path)
                                   : eval::evaluate_2016_from_paths(board, us, params.weights_2016,
                                                                    their_path, side_to_move_path);
  }
  const kernel::Bitboard their_path = kernel::trace_laser(board, kernel::opponent(us)).path;
  return us == Color::kTangerine ? evaluate_2018(board, us, params, side_to_move_path, their_path)
                                 : evaluate_2018(board, us, params, their_path, side_to_move_path);
}

EvalTerms evaluate_terms(const kernel::Position& pos, const EvalParams& params) {
  EvalTerms out;
  const kernel::Board& board = pos.board();
  if (const nnue::Network* net = params.network(pos.edition())) {
    // One line: what the network says with each side to move on this board.
    out.terms.push_back({"NNUE", nnue::evaluate_board(*net, board, Color::kTangerine),
                         nnue::evaluate_board(*net, board, Color::kLavender)});
    out.score_cp = nnue::evaluate_board(*net, board, pos.side_to_move());
    return out;
  }
  if (pos.edition() == kernel::Edition::k2016) {
    const auto b = eval::evaluate_2016_breakdown(board, pos.side_to_move(), params.weights_2016);
    const std::pair<const char*, const eval::EvalBreakdown::PerColor*> rows[] = {
        {"MATERIAL", &b.material}, {"PBETWEEN", &b.pbetween},       {"PCENTRAL", &b.pcentral},
        {"KFACE", &b.kface},       {"KAGGRESSIVE", &b.kaggressive}, {"HATTACK", &b.hattack},
        {"MOBILITY", &b.mobility}, {"PAWNPIN", &b.pawnpin},         {"TOTAL", &b.total}};
    for (const auto& [name, values] : rows) out.terms.push_back({name, (*values)[0], (*values)[1]});
    out.score_cp = b.score_cp;
    return out;
  }
  const auto white = terms_2018(board, Color::kTangerine, params.weights_2018);
  const auto black = terms_2018(board, Color::kLavender, params.weights_2018);
  for (int i = 0; i < 6; ++i) out.terms.push_back({kTermNames2018[i], white[i], black[i]});
  // Per colour for display; the score rounds the difference once, so the
  // printed totals may differ from it by one ev unit.
  const int cover_white = eval::lcoverage_ev(board, Color::kTangerine, params.lcoverage);
  const int cover_black = eval::lcoverage_ev(board, Color::kLavender, params.lcoverage);
  out.terms.push_back({"LCOVERAGE", cover_white, cover_black});
  out.terms.push_back({"TOTAL", sum(white) + cover_white, sum(black) + cover_black});
  out.score_cp = evaluate_2018(board, pos.side_to_move(), params);
  return out;
}

}  // namespace leiser::search
