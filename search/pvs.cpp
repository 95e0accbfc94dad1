#include "search/pvs.h"

#include <algorithm>

#include "kernel/laser.h"
#include "kernel/movegen.h"

namespace leiser::search {

using kernel::Bitboard;
using kernel::Board;
using kernel::Edition;
using kernel::GameStatus;
using kernel::Move;
using kernel::MoveList;
using kernel::Position;

namespace {

// The search polls the clock and the stop flag every this many nodes: about
// a tenth of a millisecond at a million nodes per second, far inside the
// 10 ms that `stop` allows, and rare enough to cost nothing measurable.
constexpr std::uint64_t kPollInterval = 1024;
constexpr int kAspirationWindow = 40;
constexpr int kNullMoveMinDepth = 3;
constexpr int kFutilityMargin = 150;  // per ply of remaining depth
constexpr int kLmrMinDepth = 3;
constexpr int kLmrMinIndex = 3;
// The "having-the-move" bonus the 2016 reference search adds to stand pat.
constexpr int kTempoBonus = 3;

// Sort keys.
constexpr std::int32_t kKeyTTMove = 1 << 30;
constexpr std::int32_t kKeyTouchesBeam = 1 << 26;
constexpr std::int32_t kKeyKiller = 1 << 25;

// The score of a finished game from the side to move's view, `ply` plies
// from the root: the side whose King is gone has lost.
int game_over_score(const Position& pos, int ply) {
  const bool side_to_move_won =
      (pos.status() == GameStatus::kTangerineWins) == (pos.side_to_move() == kernel::Color::kTangerine);
  return side_to_move_won ? kMate - ply : -(kMate - ply);
}

// Mate scores are stored relative to the node, so that a mate found through
// a transposition at another ply is re-based on probe.
int score_to_tt(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}
int score_from_tt(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

}  // namespace

void Searcher::clear() {
  killers_.clear();
  history_.clear();
}

bool Searcher::should_stop() {
  if (stopped_) return true;
  if ((nodes_ & (kPollInterval - 1)) != 0) return false;
  if ((stop_request_ && stop_request_->load(std::memory_order_relaxed)) ||
      (limits_.nodes && nodes_ >= limits_.nodes) || time_.hard_limit_reached()) {
    stopped_ = true;
    return true;
  }
  // "At least once a second" an info line, even inside a long iteration.
  const int now = time_.elapsed_ms();
  if (on_info_ && *on_info_ && now - last_periodic_info_ms_ >= 1000) {
    last_periodic_info_ms_ = now;
    SearchReport r = report(current_depth_, 0);
    r.pv.clear();
    (*on_info_)(r);
  }
  return false;
}

bool Searcher::is_repetition(int ply) const {
  const Position& pos = stack_[ply].position;
  const int reach = pos.plies_since_pawn_zap();
  // Positions with the same side to move stand an even number of plies back.
  int back = 2;
  for (; back <= reach && ply - back >= 0; back += 2)
    if (stack_[ply - back].position.key() == pos.key()) return true;
  for (; back <= reach; back += 2) {
    const int index = static_cast<int>(game_keys_.size()) - (back - ply);
    if (index < 0) break;
    if (game_keys_[index] == pos.key()) return true;
  }
  return false;
}

SearchReport Searcher::report(int depth, int score) const {
  SearchReport r;
  r.depth = depth;
  r.seldepth = seldepth_;
  r.score = score;
  r.nodes = nodes_;
  r.time_ms = time_.elapsed_ms();
  r.nps = r.time_ms > 0 ? nodes_ * 1000 / static_cast<std::uint64_t>(r.time_ms) : nodes_ * 1000;
  r.hashfull = tt_.hashfull();
  r.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
  return r;
}

template <Edition E>
int Searcher::quiescence(int ply, int alpha, int beta) {
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  pv_length_[ply] = ply;
  if (should_stop()) return 0;
  const Position& pos = stack_[ply].position;
  const int stand_pat = evaluate_here(ply) + (E == Edition::k2016 ? kTempoBonus : 0);
  if (stand_pat >= beta || ply >= kMaxPly) return stand_pat;
  alpha = std::max(alpha, stand_pat);

  // Only moves whose laser zaps an enemy piece. A move that touches no square
  // of our beam leaves the beam as it is, so it zaps what the beam zaps now;
  // only the others need to be made to find out.
  const Board& board = pos.board();
  const kernel::Color us = pos.side_to_move();
  const Bitboard enemies = board.pieces(kernel::opponent(us));
  const kernel::LaserTrace beam = kernel::trace_laser(board, us);
  const bool beam_zaps_enemy = beam.end != kernel::LaserEnd::kOffBoard && (enemies & kernel::bit(beam.target));
  MoveList moves;
  kernel::generate_pseudo_moves<E>(pos, moves);
  int best = stand_pat;
  for (Move m : moves) {
    if (!(kernel::squares_touched(m) & beam.path)) {
      if (!beam_zaps_enemy) continue;
    } else {
      // The beam changes: trace it on the moved board before paying for a
      // full move (Zobrist key, multi-zap, bookkeeping).
      Board moved = board;
      kernel::apply_move(moved, m);
      const kernel::LaserTrace after = kernel::trace_laser(moved, us);
      if (after.end == kernel::LaserEnd::kOffBoard || !(enemies & kernel::bit(after.target))) continue;
    }
    Frame& child = stack_[ply + 1];
    child.position = pos;
    child.position.template make_move<E>(m);
    child.previous = &board;
    if (!kernel::is_legal_result<E>(pos, child.position, stack_[ply].previous)) continue;
    const int score = child.position.is_game_over() ? -game_over_score(child.position, ply + 1)
                                                    : -quiescence<E>(ply + 1, -beta, -alpha);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  return best;
}

template <Edition E>
int Searcher::pvs(int ply, int depth, int alpha, int beta, bool pv_node, bool allow_null) {
  pv_length_[ply] = ply;
  if (depth <= 0) return quiescence<E>(ply, alpha, beta);
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (should_stop()) return 0;
  const Position& pos = stack_[ply].position;
  const bool root = ply == 0;

  if (!root) {
    if (pos.plies_since_pawn_zap() >= 100 || is_repetition(ply)) return 0;
    // Mate-distance pruning: no score here can beat a shorter mate found.
    alpha = std::max(alpha, -(kMate - ply));
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;
    if (ply >= kMaxPly) return evaluate_here(ply);
  }

  Move tt_move = Move::none();
  int static_eval;
  if (const auto entry = tt_.probe(pos.key())) {
    tt_move = entry->move;
    static_eval = entry->static_eval;
    const int tt_score = score_from_tt(entry->score, ply);
    if (!pv_node && entry->depth >= depth &&
        (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && tt_score >= beta) ||
         (entry->bound == Bound::kUpper && tt_score <= alpha)))
      return tt_score;
  } else {
    static_eval = evaluate_here(ply);
  }

  // Null-move pruning: if passing still holds beta, a real move will too.
  if (!pv_node && allow_null && depth >= kNullMoveMinDepth && static_eval >= beta &&
      !is_mate_score(beta)) {
    Frame& child = stack_[ply + 1];
    child.position = pos;
    child.position.pass_turn();
    child.previous = &pos.board();
    const int reduction = 2 + depth / 6;
    const int score = -pvs<E>(ply + 1, depth - 1 - reduction, -beta, -beta + 1, false, false);
    if (stopped_) return 0;
    if (score >= beta && !is_mate_score(score)) return beta;
  }

  const bool futile = !pv_node && depth <= 2 && static_eval + kFutilityMargin * depth <= alpha &&
                      !is_mate_score(alpha);

  MoveList moves;
  kernel::generate_pseudo_moves<E>(pos, moves);
  const Bitboard own_beam = kernel::trace_laser(pos.board(), pos.side_to_move()).path;
  const Bitboard enemy_beam = kernel::trace_laser(pos.board(), kernel::opponent(pos.side_to_move())).path;
  std::array<std::int32_t, kernel::kMaxMoves> keys;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const Bitboard touched = kernel::squares_touched(m);
    std::int32_t key = history_.score(pos.side_to_move(), m);
    if (m == tt_move) key = kKeyTTMove;
    else if (touched & (own_beam | enemy_beam)) key += kKeyTouchesBeam;
    else if (killers_.is_killer(ply, m)) key += kKeyKiller;
    keys[i] = key;
  }

  MovePicker picker(moves.begin(), keys.data(), moves.size());
  const int original_alpha = alpha;
  int best_score = -kInfinity;
  Move best_move = Move::none();
  int legal = 0;
  Move m;
  while (picker.next(m)) {
    const Bitboard touched = kernel::squares_touched(m);
    const bool quiet = !(touched & (own_beam | enemy_beam));
    const bool killer = killers_.is_killer(ply, m);
    if (futile && legal > 0 && quiet && !killer && m != tt_move) continue;

    Frame& child = stack_[ply + 1];
    child.position = pos;
    child.position.template make_move<E>(m);
    child.previous = &pos.board();
    if (!kernel::is_legal_result<E>(pos, child.position, stack_[ply].previous)) continue;
    ++legal;

    int score;
    if (child.position.is_game_over()) {
      ++nodes_;
      pv_length_[ply + 1] = ply + 1;
      score = game_over_score(child.position, ply + 1);
      // A won game at the child is from the child's side to move's view.
      score = -score;
    } else if (legal == 1) {
      score = -pvs<E>(ply + 1, depth - 1, -beta, -alpha, pv_node, true);
    } else {
      int reduction = 0;
      if (depth >= kLmrMinDepth && legal > kLmrMinIndex && quiet && !killer)
        reduction = 1 + (legal > 3 * kLmrMinIndex ? 1 : 0) + (depth >= 8 && !pv_node ? 1 : 0);
      score = -pvs<E>(ply + 1, depth - 1 - reduction, -alpha - 1, -alpha, false, true);
      if (score > alpha && reduction > 0)
        score = -pvs<E>(ply + 1, depth - 1, -alpha - 1, -alpha, false, true);
      if (score > alpha && score < beta && pv_node)
        score = -pvs<E>(ply + 1, depth - 1, -beta, -alpha, true, true);
    }
    if (stopped_) return 0;

    if (score > best_score) {
      best_score = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        pv_[ply][ply] = m;
        for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        if (score >= beta) {
          if (quiet) {
            killers_.add(ply, m);
            history_.reward(pos.side_to_move(), m, depth);
          }
          break;
        }
      }
    }
  }

  if (legal == 0) {
    // Only reachable through futility skipping everything, or a position
    // with no legal move (which the rules never produce): score it as is.
    return futile ? static_eval : 0;
  }
  const Bound bound = best_score >= beta ? Bound::kLower
                      : best_score > original_alpha ? Bound::kExact
                                                    : Bound::kUpper;
  tt_.store(pos.key(), best_move, score_to_tt(best_score, ply), depth, bound, static_eval);
  return best_score;
}

template <Edition E>
SearchResult Searcher::iterate(const kernel::Game& game, const SearchLimits& limits,
                               const InfoCallback& on_info) {
  SearchResult result;
  MoveList root_moves = game.legal_moves();
  if (root_moves.empty()) return result;
  result.best_move = root_moves[0];  // something legal even if stopped at once

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    current_depth_ = depth;
    seldepth_ = 0;
    int window = kAspirationWindow;
    int alpha = -kInfinity;
    int beta = kInfinity;
    if (depth >= 4 && !is_mate_score(score)) {
      alpha = std::max(score - window, -kInfinity);
      beta = std::min(score + window, kInfinity);
    }
    int iteration_score;
    for (;;) {
      iteration_score = pvs<E>(0, depth, alpha, beta, true, false);
      if (stopped_) break;
      if (iteration_score <= alpha) {
        alpha = std::max(alpha - window, -kInfinity);
        window *= 2;
      } else if (iteration_score >= beta) {
        beta = std::min(beta + window, kInfinity);
        window *= 2;
      } else {
        break;
      }
      if (window > 1000) {
        alpha = -kInfinity;
        beta = kInfinity;
      }
    }
    if (stopped_ && depth > 1) break;  // keep the last finished iteration
    if (pv_length_[0] > 0) {
      score = iteration_score;
      result.best_move = pv_[0][0];
      result.score = score;
      result.depth = depth;
      result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
      if (on_info) on_info(report(depth, score));
    }
    if (stopped_) break;
    if (is_mate_score(score) && depth > 2 * mate_in_moves(std::abs(score)) + 2 && !limits.infinite)
      break;
    if (time_.soft_limit_reached()) break;
  }
  result.nodes = nodes_;
  return result;
}

SearchResult Searcher::run(const kernel::Game& game, const SearchLimits& limits,
                           const InfoCallback& on_info, const std::atomic<bool>& stop) {
  limits_ = limits;
  stop_request_ = &stop;
  on_info_ = &on_info;
  stopped_ = false;
  nodes_ = 0;
  last_periodic_info_ms_ = 0;
  time_.start(limits);
  tt_.new_search();
  history_.age();
  killers_.clear();

  // The game so far, for repetition: every position before the root.
  const Position& root = game.position();
  game_keys_.clear();
  for (std::size_t i = 0; i + 1 < game.history().size(); ++i) game_keys_.push_back(game.history()[i].key());
  stack_[0].position = root;
  stack_[0].previous = game.ko_board();
  pv_length_[0] = 0;
  SearchResult result = root.edition() == Edition::k2016 ? iterate<Edition::k2016>(game, limits, on_info)
                                                         : iterate<Edition::k2018>(game, limits, on_info);
  result.nodes = nodes_;
  return result;
}

}  // namespace leiser::search
