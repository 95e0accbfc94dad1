#include "search/pvs.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <optional>
#include <thread>

#include "kernel/laser.h"
#include "kernel/movegen.h"
#include "nnue/inference.h"
#include "search/task_group.h"
#include "search/threats.h"

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
// (Parallel tasks also poll their split points' abort flags, every
// SearchOptions::abort_poll_interval nodes.)
constexpr std::uint64_t kPollInterval = 1024;
std::int64_t steady_now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
constexpr int kAspirationWindow = 40;
constexpr int kNullMoveMinDepth = 3;

// Late-move reduction growing with depth and move number,
// ln(depth) * ln(n) / (divisor / 100), at least one ply (the n-th move is
// reduced only from lmr_first on).
int log_reduction(int depth, int move_number, int divisor) {
  static const auto table = [] {
    std::array<std::array<float, 256>, kMaxDepth + 1> t{};
    for (int d = 1; d <= kMaxDepth; ++d)
      for (int n = 1; n < 256; ++n) t[d][n] = static_cast<float>(std::log(d) * std::log(n));
    return t;
  }();
  const float product = table[std::min(depth, kMaxDepth)][std::min(move_number, 255)];
  return std::max(1, static_cast<int>(product * 100.0f / static_cast<float>(divisor)));
}

// How the best-move history moves a late move's reduction (lmr_history): a
// ply less for a move whose shape was best lately (history at least
// `threshold`: one bonus is 11,200, decaying by a tenth at each try), a ply
// more for one not best in the last hundred or so tries (history 0). On
// bench/positions/game-2016.fen at depth 7, six in ten late moves have
// history 0 and one in fourteen at least one bonus.
constexpr int history_reduction(std::int32_t history, int threshold) {
  return history >= threshold ? -1 : history == 0 ? 1 : 0;
}
static_assert(history_reduction(11200, 11200) == -1 && history_reduction(11199, 11200) == 0 &&
              history_reduction(0, 11200) == 1);

// The score of a finished game from the side to move's view, `ply` plies
// from the root: the side whose King is gone has lost.
int game_over_score(const Position& pos, int ply) {
  const bool side_to_move_won = (pos.status() == GameStatus::kTangerineWins) ==
                                (pos.side_to_move() == kernel::Color::kTangerine);
  return side_to_move_won ? kMate - ply : -(kMate - ply);
}

}  // namespace

// ---------------------------------------------------------------- Worker

void Worker::reset_root(const kernel::Game& game, bool main) {
  main_ = main;
  if (main) {
    root_moves_ = &shared_.root_moves;
  } else {
    own_root_moves_ = shared_.root_moves;
    root_moves_ = &own_root_moves_;
  }
  root_depth_ = 0;
  stack_[0].position = game.position();
  stack_[0].previous = game.ko_board();
  stack_[0].move_in = Move::none();
  root_previous_ = game.ko_board();
  pv_length_[0] = 0;
  split_ = nullptr;
  nodes_ = 0;  // the same poll points in every search: a node limit stops one thread alike
  start_counting();
}

bool Worker::take_finished_iteration(int depth) {
  int score = 0;
  std::vector<Move> pv;
  if (!shared_.finished_iteration.take(depth, score, pv)) return false;
  std::copy(pv.begin(), pv.end(), pv_[0].begin());
  pv_length_[0] = static_cast<int>(pv.size());
  root_score_ = score;
  // The root's order as if this worker had found the line: its move first.
  auto& root = *root_moves_;
  if (const auto at = std::find(root.begin(), root.end(), pv.front()); at != root.end())
    std::rotate(root.begin(), at, at + 1);
  stopped_ = false;
  return true;
}

void Worker::bind_tables() {
  tables_ = &shared_.tables_for_slot(tbb::this_task_arena::current_thread_index());
}

void Worker::start_counting() {
  // nodes_ is not reset here: a parallel task is some 70 nodes, and a count
  // restarted for each would almost never reach a poll (every 1024 nodes),
  // leaving stop, the clock and the node limit unchecked by the helpers.
  unflushed_nodes_ = 0;
  unflushed_moves_made_ = 0;
  seldepth_ = 0;
  stopped_ = false;
  abort_poll_mask_ = static_cast<std::uint64_t>(shared_.options.abort_poll_interval) - 1;
}

void Worker::adopt_path(const Worker& from, const SplitPoint& sp) {
  // The owner does not write its stack up to sp's node while the split
  // lasts; its killers it does, hence the copy the split point holds.
  root_previous_ = from.root_previous_;
  for (int i = 0; i <= sp.ply; ++i) {
    stack_[i].position = from.stack_[i].position;
    stack_[i].static_eval = from.stack_[i].static_eval;
    stack_[i].free_zap_beam = from.stack_[i].free_zap_beam;
    stack_[i].move_in = from.stack_[i].move_in;
    // Each worker at a split point counts the free zaps it searches itself.
    stack_[i].free_zaps_searched = 0;
    // Ko pointers must point into this worker's own stack.
    stack_[i].previous = i == 0 ? root_previous_ : &stack_[i - 1].position.board();
  }
  killers_ = sp.killers;
  split_ = &sp;
  main_ = false;
  root_depth_ = from.root_depth_;
  start_counting();
}

void Worker::start_busy_clock() {
  if (shared_.options.measure_idle_time) busy_since_ns_ = steady_now_ns();
}

void Worker::stop_busy_clock() {
  if (busy_since_ns_ == 0) return;
  const std::int64_t busy = steady_now_ns() - busy_since_ns_;
  shared_.split_stats.busy_ns.fetch_add(static_cast<std::uint64_t>(std::max<std::int64_t>(0, busy)),
                                        std::memory_order_relaxed);
  busy_since_ns_ = 0;
}

namespace {
// Fold the edition into the cache key: the same board scores differently.
kernel::Key eval_cache_key(const Position& pos) {
  return pos.key() ^ (pos.edition() == Edition::k2016 ? 0x9E3779B97F4A7C15ULL : 0);
}

// A child's TT slot and evaluation-cache entry, asked for as soon as its
// key is known: the legality check and the node's first steps then run
// while they load, instead of each probe waiting for its own miss.
void prefetch_entries(const SharedState& shared, const ThreadTables& tables,
                      const Position& child) {
  shared.tt.prefetch(child.key());
  tables.eval_cache.prefetch(eval_cache_key(child));
}
}  // namespace

int Worker::evaluate_here(int ply) {
  std::optional<kernel::LaserTrace> own_beam;
  return evaluate_here(ply, own_beam);
}

int Worker::evaluate_here(int ply, std::optional<kernel::LaserTrace>& own_beam) {
  const Position& pos = stack_[ply].position;
  const kernel::Key key = eval_cache_key(pos);
  if (const auto cached = tables_->eval_cache.probe(key)) return *cached;
  int score;
  if (const nnue::Network* net = shared_.params.network(pos.edition())) {
    score = evaluate_nnue(ply, *net);
  } else {
    if (!own_beam) own_beam = kernel::trace_laser(pos.board(), pos.side_to_move());
    score = evaluate(pos, shared_.params, own_beam->path);
  }
  tables_->eval_cache.store(key, score);
  return score;
}

int Worker::evaluate_nnue(int ply, const nnue::Network& net) {
  Frame& frame = stack_[ply];
  const kernel::Board& board = frame.position.board();
  const std::uint32_t generation = shared_.params.network_generation;
  auto usable = [generation](const Frame& f) {
    return f.accumulator.valid && f.accumulator_generation == generation;
  };
  if (!usable(frame) || frame.accumulator.board != board) {
    // Update from the closer of the parent's accumulator and this ply's
    // last one; refresh when both are far: a refresh adds one column per
    // piece (at most 16), an update subtracts and adds one per changed square.
    constexpr int kRefreshAbove = 6;
    const nnue::Accumulator* base = nullptr;
    int best = kRefreshAbove + 1;
    if (ply > 0 && usable(stack_[ply - 1])) {
      const int changed = nnue::changed_squares(stack_[ply - 1].accumulator.board, board);
      if (changed < best) best = changed, base = &stack_[ply - 1].accumulator;
    }
    if (usable(frame)) {
      const int changed = nnue::changed_squares(frame.accumulator.board, board);
      if (changed < best) best = changed, base = &frame.accumulator;
    }
    if (base) {
      nnue::update(net, *base, board, frame.accumulator);
    } else {
      nnue::refresh(net, board, frame.accumulator);
    }
    frame.accumulator_generation = generation;
  }
  return nnue::evaluate(net, frame.accumulator, frame.position.side_to_move());
}

namespace {
// Adds a worker's local count to the shared one and restarts it; a count
// still at zero touches nothing shared.
void flush_count(std::atomic<std::uint64_t>& shared, std::uint64_t& local) {
  if (local == 0) return;
  shared.fetch_add(local, std::memory_order_relaxed);
  local = 0;
}
}  // namespace

void Worker::flush_nodes() {
  shared_.progress.note_seldepth(seldepth_);
  shared_.nodes.fetch_add(unflushed_nodes_, std::memory_order_relaxed);
  shared_.moves_made.fetch_add(unflushed_moves_made_, std::memory_order_relaxed);
  unflushed_nodes_ = 0;
  unflushed_moves_made_ = 0;
  SplitStats& stats = shared_.split_stats;
  flush_count(stats.cutoffs, unflushed_cutoffs_);
  flush_count(stats.first_move_cutoffs, unflushed_first_move_cutoffs_);
  flush_count(stats.pv_researches, unflushed_pv_researches_);
  flush_count(stats.split_moves, unflushed_split_moves_);
  flush_count(stats.helper_moves, unflushed_helper_moves_);
  flush_count(stats.aborted_tasks, unflushed_aborted_moves_);
  flush_count(stats.pv_researches_deferred, unflushed_pv_researches_deferred_);
  flush_count(stats.pv_rescouts, unflushed_pv_rescouts_);
  flush_count(stats.iir_reductions, unflushed_iir_reductions_);
  flush_count(stats.singular_extensions, unflushed_singular_extensions_);
  flush_count(stats.abdada_deferrals, unflushed_abdada_deferrals_);
}

bool Worker::should_stop() {
  if (stopped_) return true;
  if (split_ && (nodes_ & abort_poll_mask_) == 0) {
    if (const SplitPoint* aborted = split_->aborted_here_or_above()) {
      // Timed only with SearchOptions::measure_abort_latency; the acquire
      // load of `aborted` makes the time stored before it visible.
      if (aborted->aborted_at_ns.load(std::memory_order_relaxed) > 0) note_abort_latency(*aborted);
      stopped_ = true;
      return true;
    }
  }
  if ((nodes_ & (kPollInterval - 1)) != 0) return false;
  return poll_shared();
}

void Worker::note_abort_latency(const SplitPoint& aborted) const {
  const std::int64_t at = aborted.aborted_at_ns.load(std::memory_order_relaxed);
  const auto latency = static_cast<std::uint64_t>(std::max<std::int64_t>(0, steady_now_ns() - at));
  SplitStats& stats = shared_.split_stats;
  stats.abort_notices.fetch_add(1, std::memory_order_relaxed);
  stats.abort_latency_ns_sum.fetch_add(latency, std::memory_order_relaxed);
  std::uint64_t max = stats.abort_latency_ns_max.load(std::memory_order_relaxed);
  while (latency > max && !stats.abort_latency_ns_max.compare_exchange_weak(max, latency)) {
  }
}

bool Worker::poll_shared() {
  flush_nodes();
  SharedState& s = shared_;
  const std::uint64_t total = s.nodes.load(std::memory_order_relaxed);
  if (s.stopped.load(std::memory_order_relaxed) ||
      (s.stop_request && s.stop_request->load(std::memory_order_relaxed)) ||
      (s.limits.nodes && total >= s.limits.nodes) ||
      (s.time.hard_limit_reached() && !s.pondering.load(std::memory_order_relaxed))) {
    s.stopped.store(true, std::memory_order_relaxed);
    stopped_ = true;
    return true;
  }
  // "At least once a second" an info line, even inside a long iteration.
  const int now = s.time.elapsed_ms();
  int last = s.last_periodic_info_ms.load(std::memory_order_relaxed);
  if (s.has_info_callback() && now - last >= 1000 &&
      s.last_periodic_info_ms.compare_exchange_strong(last, now)) {
    // The main line as the main thread last recorded it: this may be a
    // helper, which knows nothing of the root.
    if (const RootProgress::Line line = s.progress.line(); line.known) {
      SearchReport r =
          s.report(s.current_depth.load(std::memory_order_relaxed), line.score, seldepth_);
      r.bound = line.bound;
      r.pv = line.pv;
      (*s.on_info)(r);
    }
  }
  return false;
}

bool Worker::is_repetition(int ply) const {
  const Position& pos = stack_[ply].position;
  const int reach = pos.plies_since_pawn_zap();
  const auto& game_keys = shared_.game_keys;
  // Positions with the same side to move stand an even number of plies back.
  int back = 2;
  for (; back <= reach && ply - back >= 0; back += 2)
    if (stack_[ply - back].position.key() == pos.key()) return true;
  for (; back <= reach; back += 2) {
    const int index = static_cast<int>(game_keys.size()) - (back - ply);
    if (index < 0) break;
    if (game_keys[index] == pos.key()) return true;
  }
  return false;
}

int Worker::draw_score(int ply) const {
  const int root_view = shared_.options.rules.draw_score;
  return (ply & 1) ? -root_view : root_view;
}

template <Edition E>
int Worker::quiescence(int ply, int alpha, int beta, int evasions) {
  ++nodes_;
  ++unflushed_nodes_;
  seldepth_ = std::max(seldepth_, ply);
  pv_length_[ply] = ply;
  if (should_stop()) return 0;
  const Position& pos = stack_[ply].position;
  // A quiet move into quiescence may repeat a position; a zap never can.
  if (pos.last_zapped() == 0 && is_repetition(ply)) return draw_score(ply);
  // Our beam is needed by both the evaluation (on a cache miss) and the move
  // filter below; it is traced at most once.
  std::optional<kernel::LaserTrace> traced_beam;
  const SearchRules& rules = shared_.options.rules;
  TranspositionTable& tt = shared_.tt;
  const bool use_tt = rules.qsearch_tt && rules.use_tt && !shared_.options.exact;
  std::optional<int> static_eval;
  bool store = use_tt;  // not over a deeper entry of this position
  if (use_tt) {
    if (const auto entry = tt.probe(pos.key())) {
      store = entry->depth == 0;
      const int tt_score = score_from_tt(entry->score, ply);
      if (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && tt_score >= beta) ||
          (entry->bound == Bound::kUpper && tt_score <= alpha))
        return tt_score;
      static_eval = entry->static_eval;
    }
  }
  if (!static_eval) static_eval = evaluate_here(ply, traced_beam);
  const int stand_pat = *static_eval + rules.tempo;
  // Standing pat while the opponent threatens to zap our King would lose the
  // game: search every move instead, a bounded number of times per line.
  // Where the stand-pat score is at most alpha it decides nothing, so only
  // above alpha is the threat looked for.
  if (evasions > 0 && stand_pat > alpha && ply < kMaxPly && king_under_threat<E>(pos))
    return evade<E>(ply, alpha, beta, evasions - 1);
  if (stand_pat >= beta || ply >= kMaxPly) {
    if (store)
      tt.store(pos.key(), Move::none(), score_to_tt(stand_pat, ply), 0, Bound::kLower,
               *static_eval);
    return stand_pat;
  }
  const int original_alpha = alpha;
  alpha = std::max(alpha, stand_pat);

  // Only moves whose laser zaps an enemy piece. A move that touches no square
  // of our beam leaves the beam as it is, so it zaps what the beam zaps now;
  // only the others need to be made to find out.
  const Board& board = pos.board();
  const kernel::Color us = pos.side_to_move();
  const Bitboard enemies = board.pieces(kernel::opponent(us));
  if (!traced_beam) traced_beam = kernel::trace_laser(board, us);
  const kernel::LaserTrace beam = *traced_beam;
  const bool beam_zaps_enemy =
      beam.end != kernel::LaserEnd::kOffBoard && (enemies & kernel::bit(beam.target));
  MoveList moves;
  if (beam_zaps_enemy) {
    kernel::generate_pseudo_moves<E>(pos, moves);
  } else {
    // Only moves touching the beam can zap; they come in the order of the
    // full list.
    kernel::generate_moves_touching<E>(pos, beam.path, moves);
  }
  const int enemy_count = kernel::popcount(enemies);
  int best = stand_pat;
  // Where our beam already zaps an enemy piece, every move off the beam zaps
  // it too (SearchRules::qsearch_free_zaps): only the first few are searched.
  const int free_zaps = shared_.options.exact ? 0 : rules.qsearch_free_zaps_for(E);
  int free_zaps_left = free_zaps > 0 ? free_zaps : kernel::kMaxMoves;
  for (Move m : moves) {
    // The moved board and the mover's first beam on it, handed to the child
    // so that making the move does not redo them.
    const bool touches_beam = !beam_zaps_enemy || (kernel::squares_touched(m) & beam.path);
    if (!touches_beam && free_zaps_left-- <= 0) continue;
    Board moved = board;
    kernel::apply_move(moved, m);
    ++unflushed_moves_made_;
    kernel::LaserTrace after = beam;
    if (touches_beam) {
      after = kernel::trace_laser(moved, us);
      if (after.end == kernel::LaserEnd::kOffBoard) continue;
      // Whose piece is hit is read on the moved board: a 2016 swap moves an
      // enemy piece, and may move it into the beam. 2016 fires again after a
      // zap: a beam that zaps one of our own Pawns first may zap an enemy
      // piece next, and such a move counts.
      const bool own_first = E == Edition::k2016 && after.end == kernel::LaserEnd::kZapsPawn &&
                             (moved.pawns(us) & kernel::bit(after.target));
      if (!own_first && !(moved.pieces(kernel::opponent(us)) & kernel::bit(after.target))) continue;
    }
    Frame& child = stack_[ply + 1];
    child.position = pos;
    child.position.template make_move_traced<E>(m, moved, after);
    prefetch_entries(shared_, *tables_, child.position);
    child.previous = &board;
    if (!kernel::is_legal_result<E>(pos, child.position, stack_[ply].previous)) continue;
    if (!child.position.is_game_over() &&
        kernel::popcount(child.position.board().pieces(kernel::opponent(us))) == enemy_count)
      continue;  // zapped only our own pieces
    const int score = child.position.is_game_over()
                          ? -game_over_score(child.position, ply + 1)
                          : -quiescence<E>(ply + 1, -beta, -alpha, evasions);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  if (store) {
    const Bound bound = best >= beta            ? Bound::kLower
                        : best > original_alpha ? Bound::kExact
                                                : Bound::kUpper;
    tt.store(pos.key(), Move::none(), score_to_tt(best, ply), 0, bound, *static_eval);
  }
  return best;
}

template <Edition E>
int Worker::evade(int ply, int alpha, int beta, int evasions) {
  const Position& pos = stack_[ply].position;
  MoveList moves;
  kernel::generate_pseudo_moves<E>(pos, moves);
  int best = -kInfinity;
  for (Move m : moves) {
    Frame& child = stack_[ply + 1];
    child.position = pos;
    child.position.template make_move<E>(m);
    prefetch_entries(shared_, *tables_, child.position);
    ++unflushed_moves_made_;
    child.previous = &pos.board();
    if (!kernel::is_legal_result<E>(pos, child.position, stack_[ply].previous)) continue;
    const int score = child.position.is_game_over()
                          ? -game_over_score(child.position, ply + 1)
                          : -quiescence<E>(ply + 1, -beta, -alpha, evasions);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  // No legal move cannot happen by the rules; stand pat rather than invent a score.
  return best == -kInfinity ? evaluate_here(ply) + shared_.options.rules.tempo : best;
}

namespace {
// The type PVS expects of a scouted child: a CUT node's children fail low
// (ALL) and an ALL node's fail high (CUT); a PV node's younger brothers are
// scouted expecting to fail low there, so their nodes should cut.
constexpr NodeType scout_child(NodeType parent) {
  return parent == NodeType::kCut ? NodeType::kAll : NodeType::kCut;
}
}  // namespace

template <Edition E>
Worker::MoveOutcome Worker::search_move(int ply, int depth, int alpha, int beta, NodeType type,
                                        Move m, int searched_before, bool zaps_only, int& score,
                                        const AtSplit* split, int extension) {
  const Position& pos = stack_[ply].position;
  Frame& child = stack_[ply + 1];
  child.position = pos;
  child.position.template make_move<E>(m);
  prefetch_entries(shared_, *tables_, child.position);
  ++unflushed_moves_made_;
  child.previous = &pos.board();
  child.move_in = m;
  if (!kernel::is_legal_result<E>(pos, child.position, stack_[ply].previous))
    return MoveOutcome::kSkipped;
  if (child.position.is_game_over()) {
    ++nodes_;
    ++unflushed_nodes_;
    pv_length_[ply + 1] = ply + 1;
    // The child's side to move won or lost; we see the opposite.
    score = -game_over_score(child.position, ply + 1);
    return MoveOutcome::kGameOver;
  }
  const kernel::Color them = kernel::opponent(pos.side_to_move());
  const bool zapped_any = child.position.last_zapped() != 0;
  const bool zapped_enemy = zapped_any && kernel::popcount(child.position.board().pieces(them)) <
                                              kernel::popcount(pos.board().pieces(them));
  if (zaps_only && !zapped_enemy) return MoveOutcome::kSkipped;

  const SearchRules& rules = shared_.options.rules;
  const bool exact = shared_.options.exact;
  const kernel::Bitboard free_zap_beam = stack_[ply].free_zap_beam;
  const bool free_zap =
      zapped_enemy && free_zap_beam && !(kernel::squares_touched(m) & free_zap_beam);
  if (free_zap && zaps_only && rules.free_zaps > 0 &&
      stack_[ply].free_zaps_searched++ >= rules.free_zaps)
    return MoveOutcome::kSkipped;
  const bool extends = zapped_enemy && ply > 0 && (rules.free_zap_extension || !free_zap);
  const int new_depth = depth - 1 + (extends ? rules.zap_extension : 0) + extension;
  if (type == NodeType::kPv) {
    if (searched_before == 0) {
      score = -pvs<E>(ply + 1, new_depth, -beta, -alpha, NodeType::kPv, true);
    } else {
      auto scout = [&](int a) {
        return -pvs<E>(ply + 1, new_depth, -a - 1, -a, NodeType::kCut, true);
      };
      // A deferred move handed out again (its taker holds the re-search)
      // needs no new scout while its first one's score beats alpha.
      const bool deferred = split && split->handed.deferred;
      score = deferred && split->handed.scout > alpha ? split->handed.scout : scout(alpha);
      if (!stopped_ && score > alpha) {
        if (split) {
          if (!split->hold.held() && !split->hold.claim()) {
            ++unflushed_pv_researches_deferred_;
            return MoveOutcome::kDeferred;
          }
          // A brother may have raised alpha meanwhile: the re-search starts
          // from it, and where the scout's score does not beat it, the move
          // is scouted again there first, as the serial search would.
          const int now = split->sp.alpha();
          if (score <= now) {
            ++unflushed_pv_rescouts_;
            score = scout(now);
            if (stopped_ || score <= now) return MoveOutcome::kSearched;
          }
          alpha = std::max(alpha, now);
        }
        ++unflushed_pv_researches_;
        score = -pvs<E>(ply + 1, new_depth, -beta, -alpha, NodeType::kPv, true);
      }
    }
    return MoveOutcome::kSearched;
  }
  const NodeType child_type = scout_child(type);
  // Late-move reduction, verified at full depth when it does not fail low.
  if (!exact && depth >= rules.lmr_min_depth && !zapped_any &&
      searched_before + 1 >= rules.lmr_first && !killers_.is_killer(ply, m)) {
    int reduction = rules.lmr_log_divisor > 0
                        ? log_reduction(depth, searched_before + 1, rules.lmr_log_divisor)
                    : searched_before + 1 >= rules.lmr_second ? 2
                                                              : 1;
    if (rules.lmr_history > 0)
      reduction +=
          history_reduction(tables_->history.score(pos.side_to_move(), move_shape(pos.board(), m)),
                            rules.lmr_history);
    if (reduction > 0) {
      score = -pvs<E>(ply + 1, new_depth - reduction, -alpha - 1, -alpha, child_type, true);
      if (stopped_ || score <= alpha) return MoveOutcome::kSearched;
    }
  }
  score = -pvs<E>(ply + 1, new_depth, -alpha - 1, -alpha, child_type, true);
  return MoveOutcome::kSearched;
}

template <Edition E>
int Worker::pvs(int ply, int depth, int alpha, int beta, NodeType type, bool allow_null,
                Move excluded) {
  const bool pv_node = type == NodeType::kPv;
  const bool singular_check = excluded != Move::none();
  pv_length_[ply] = ply;
  if (depth <= 0) return quiescence<E>(ply, alpha, beta, shared_.options.rules.qsearch_evasions);
  ++nodes_;
  ++unflushed_nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (should_stop()) return 0;
  if (filler_ && !filler_poll<E>()) return 0;
  // ABDADA: an iteration another thread has finished is given up.
  if (shared_.abdada_hand_over && shared_.finished_iteration.depth() >= root_depth_) {
    stopped_ = true;
    return 0;
  }
  const Position& pos = stack_[ply].position;
  TranspositionTable& tt = shared_.tt;
  const SearchRules& rules = shared_.options.rules;
  const bool exact = shared_.options.exact;

  if (ply > 0) {
    if (pos.plies_since_pawn_zap() >= 100 || is_repetition(ply)) return draw_score(ply);
    // Mate-distance pruning: no score here can beat a shorter mate found.
    alpha = std::max(alpha, -(kMate - ply));
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;
    if (ply >= kMaxPly) return evaluate_here(ply);
  }

  // Whether the opponent threatens to zap our King, found when first asked.
  std::optional<bool> threat;
  auto threatened = [&] {
    if (!threat) threat = king_under_threat<E>(pos);
    return *threat;
  };
  // A threatened node is searched one ply deeper, up to twice the nominal depth.
  if (ply > 0 && !singular_check && rules.threat_extension && ply < 2 * root_depth_ && threatened())
    ++depth;

  Move tt_move = Move::none();
  int static_eval;
  const bool use_tt = !exact && rules.use_tt;
  // The entry's bound on the node, for the singular extension.
  std::optional<TTEntry> tt_entry;
  if (const auto entry = use_tt ? tt.probe(pos.key()) : std::nullopt) {
    static_eval = entry->static_eval;
    const int tt_score = score_from_tt(entry->score, ply);
    // In a singular check the entry is the whole node's: neither its move
    // nor its bound holds without the excluded move.
    if (!singular_check) {
      tt_move = entry->move;
      tt_entry = entry;
      if (!pv_node && entry->depth >= depth &&
          (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && tt_score >= beta) ||
           (entry->bound == Bound::kUpper && tt_score <= alpha)))
        return tt_score;
    }
  } else {
    static_eval = evaluate_here(ply);
  }
  // The stand-pat score: the evaluation with the having-the-move bonus.
  const int stand_pat = static_eval + rules.tempo;
  stack_[ply].static_eval = static_eval;
  // Improving: better than two plies up, where this side last moved (a
  // node without that evaluation counts as improving: prune as before).
  const bool improving = ply < 2 || stack_[ply - 2].static_eval == kNoStaticEval ||
                         static_eval > stack_[ply - 2].static_eval;
  // Internal iterative reduction: without a hash move this node's order is
  // poor; a ply less costs little, and where the node fails high the next
  // iteration finds a move here. A node that fails low stores none, so an
  // ALL node stays a ply short from one iteration to the next: most of what
  // this saves (reducing only PV and CUT nodes, as Stockfish does, searched
  // 6.8 times the nodes of 2016's deep set at depth 11).
  if (const int iir_depth = rules.iir_depth_for(E); !exact && ply > 0 && !singular_check &&
                                                    iir_depth > 0 && depth >= iir_depth &&
                                                    tt_move == Move::none()) {
    --depth;
    ++unflushed_iir_reductions_;
  }

  int best_score = -kInfinity;
  // Extended futility: a node too far below beta searches only moves that
  // zap an enemy piece, standing pat otherwise, as quiescence does.
  bool zaps_only = false;
  if (!pv_node && !exact && !is_mate_score(beta)) {
    // Pruning assumes that doing little is safe; with threat_guard it is not
    // where the opponent threatens a King zap (looked for only when a rule
    // is about to prune, which keeps the look rare).
    auto may_prune = [&] { return !rules.threat_guard || !threatened(); };
    if (depth <= 2 && rules.static_margin[depth] > 0 &&
        stand_pat >= beta + rules.static_margin[depth] && may_prune())
      return beta;
    // Null-move pruning: if passing still holds beta, a real move will too.
    if (rules.null_move && allow_null && depth >= kNullMoveMinDepth && stand_pat >= beta &&
        may_prune()) {
      Frame& child = stack_[ply + 1];
      child.position = pos;
      child.position.pass_turn();
      child.previous = &pos.board();
      child.move_in = Move::none();
      const int reduction = 2 + depth / 6;
      const int score =
          -pvs<E>(ply + 1, depth - 1 - reduction, -beta, -beta + 1, scout_child(type), false);
      if (stopped_) return 0;
      if (score >= beta && !is_mate_score(score)) return beta;
    }
    if (depth <= rules.futility_depth && stand_pat + rules.futility_margin[depth] < beta &&
        may_prune()) {
      zaps_only = true;
      best_score = stand_pat;
    }
  }

  // Singular extension: where the other moves, searched to half the depth,
  // all fall short of the hash move's bound by a margin, the hash move is
  // the only one that holds and is searched a ply deeper.
  bool singular = false;
  if (const int singular_depth = rules.singular_depth;
      singular_depth > 0 && !exact && ply > 0 && !singular_check && !zaps_only &&
      depth >= singular_depth && ply < 2 * root_depth_ && tt_entry &&
      tt_entry->bound != Bound::kUpper && tt_entry->depth >= depth - 3) {
    const int tt_score = score_from_tt(tt_entry->score, ply);
    if (!is_mate_score(tt_score)) {
      const int singular_beta = tt_score - rules.singular_margin * depth;
      const int score = pvs<E>(ply, (depth - 1) / 2, singular_beta - 1, singular_beta,
                               NodeType::kAll, false, tt_move);
      if (stopped_) return 0;
      pv_length_[ply] = ply;  // the check's line is not this node's
      if (score < singular_beta) {
        singular = true;
        ++unflushed_singular_extensions_;
      }
    }
  }

  // The root tries its moves in the order of the previous iteration (the
  // best so far first); other nodes order theirs by TT move, killers and the
  // best-move history, ties in the reference engine's order.
  MoveList moves;
  if (ply == 0) {
    for (auto it = root_moves_->begin() + root_pv_index(); it != root_moves_->end(); ++it)
      moves.push(*it);
  } else {
    kernel::generate_pseudo_moves<E>(pos, moves);
  }
  std::array<std::int32_t, kernel::kMaxMoves> keys;
  std::array<std::uint16_t, kernel::kMaxMoves> ties;
  sort_keys(ply, moves, tt_move, keys.data(), ties.data());
  std::array<std::uint64_t, kernel::kMaxMoves> picker_entries;
  MovePicker picker(moves.begin(), keys.data(), ties.data(), moves.size(), picker_entries.data());
  const kernel::Color us = pos.side_to_move();
  // Our beam, traced once for the zap filter and the free-zap rules alike.
  const bool free_zap_rules = !exact && (!rules.free_zap_extension || rules.free_zaps > 0);
  const NodeBeam beam = zaps_only || free_zap_rules ? NodeBeam::of(pos.board(), us) : NodeBeam{};
  const ZapFilter filter = zaps_only ? ZapFilter::for_node(beam) : ZapFilter{};
  stack_[ply].free_zaps_searched = 0;
  stack_[ply].free_zap_beam = free_zap_rules && beam.zaps_enemy ? beam.path : 0;

  const int original_alpha = alpha;
  NodeBest best{alpha, best_score, Move::none(), 0};
  int searched = 0;  // moves searched (not skipped, not game over)
  bool did_split = false;
  // ABDADA: younger brothers another thread is in wait (DeferringMoveOrder).
  const bool defers =
      shared_.abdada && !singular_check && depth >= shared_.options.abdada_defer_depth;
  // As where YBWC splits: after the eldest brother, and at an expected CUT
  // node only once the moves likely to cut (split_cut_moves) have failed;
  // before that a second thread searches the same brother beside the first,
  // sharing the work below it.
  const int first_deferrable = type == NodeType::kCut ? shared_.options.split_cut_moves : 1;
  DeferringMoveOrder order(defers ? &shared_.busy_moves : nullptr, pos.key(), first_deferrable,
                           unflushed_abdada_deferrals_);
  DeferringMoveOrder::Turn turn;
  while (order.next(
      picker, searched, [&filter](Move move) { return filter.cannot_zap(move); }, turn)) {
    const Move m = turn.move;
    const int index = turn.index;
    const int number = turn.number;
    const std::uint64_t busy_key = turn.busy_key;
    if (m == excluded) continue;

    // Only the root's serial loop names its moves here: ply 0 is searched by
    // the main thread, which names the moves it draws at a split point too.
    if (ply == 0 && main_) shared_.report_root_move(m, shared_.pv_index + index + 1);
    int score = 0;
    const bool late = prunes_late_moves(depth, number, pv_node, best.score, improving);
    if (busy_key != 0) shared_.busy_moves.enter(busy_key);
    const MoveOutcome outcome =
        search_move<E>(ply, depth, best.alpha, beta, type, m, number, zaps_only || late, score,
                       nullptr, singular && m == tt_move ? 1 : 0);
    if (busy_key != 0) shared_.busy_moves.leave(busy_key);
    if (outcome == MoveOutcome::kSkipped) continue;
    if (outcome == MoveOutcome::kSearched) ++searched;
    if (stopped_) return 0;

    if (score > best.score) {
      best.score = score;
      best.move = m;
      best.index = index;
      if (ply == 0) move_to_root_front(m);
      if (score > best.alpha) {
        best.alpha = score;
        pv_[ply][ply] = m;
        for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        if (ply == 0) root_score_ = score;
        if (score >= beta) break;
      }
    }
    // A singular check does not split: a helper would not know the move it leaves out.
    if ((ply > 0 || shared_.options.split_root) && !singular_check &&
        may_split(depth, searched, type) && picker.remaining() > 0) {
      if (!split<E>(ply, depth, beta, type, zaps_only, improving, filter, picker, searched, best))
        return 0;
      did_split = true;
      break;
    }
  }

  if (best.move == Move::none() && best.score == -kInfinity) {
    // No legal move: the rules never produce such a position. Without its
    // excluded move a node may have none: the hash move is then singular.
    return singular_check ? alpha : 0;
  }
  if (ply == 0) {
    if (best.move != Move::none()) move_to_root_front(best.move);
    return best.score;
  }
  if (best.score >= beta && best.move != Move::none()) {
    killers_.add(ply, best.move);
    if (rules.counter_moves && stack_[ply].move_in != Move::none())
      tables_->counter_moves.set(us, stack_[ply].move_in, best.move);
    ++unflushed_cutoffs_;
    if (best.index == 0) ++unflushed_first_move_cutoffs_;
  }
  // A singular check's result is not the node's: it leaves the history and
  // the table to the node's own search.
  if (singular_check) return best.score;
  if (!zaps_only) {
    // The reference's best-move history: every move tried here decays, the
    // best one gains first.
    HistoryTable& table = tables_->history;
    // A split point that cut hands out brothers after the move that cut
    // (SplitPoint::after_cutoff): one thread would never have tried them.
    const int tried = did_split && best.score >= beta ? best.index + 1 : picker.taken();
    std::int32_t* continuation = continuation_row(ply);
    for (int i = 0; i < tried; ++i) {
      const MoveShape shape = move_shape(pos.board(), picker.picked(i));
      table.update(us, shape, i == best.index);
      if (continuation != nullptr)
        ContinuationHistory::update(continuation, shape, i == best.index);
    }
  }
  const Bound bound = best.score >= beta            ? Bound::kLower
                      : best.score > original_alpha ? Bound::kExact
                                                    : Bound::kUpper;
  if (use_tt)
    tt.store(pos.key(), bound == Bound::kUpper ? Move::none() : best.move,
             score_to_tt(best.score, ply), depth, bound, static_eval);
  return best.score;
}

void Worker::move_to_root_front(Move m) {
  // The reference's root order: each new best moves to the front (of the
  // moves this MultiPV line may play), the one it displaced second.
  auto& root = *root_moves_;
  const auto first = root.begin() + root_pv_index();
  if (const auto at = std::find(first, root.end(), m); at != root.end())
    std::rotate(first, at, at + 1);
}

void Worker::sort_keys(int ply, const MoveList& moves, Move tt_move, std::int32_t* keys,
                       std::uint16_t* ties) const {
  if (ply == 0) {
    for (int i = 0; i < moves.size(); ++i) {
      keys[i] = 0;
      ties[i] = static_cast<std::uint16_t>(0xFFFF - i);
    }
    return;
  }
  const Position& pos = stack_[ply].position;
  const kernel::Color us = pos.side_to_move();
  const std::int32_t* continuation = continuation_row(ply);
  int i = sort_keys_lanes(pos.board(), us, moves, tt_move, killers_.first(ply),
                          killers_.second(ply), tables_->history, continuation, keys, ties);
  for (; i < moves.size(); ++i) {
    const Move m = moves[i];
    const MoveShape shape = move_shape(pos.board(), m);
    keys[i] = sort_key(m, shape, us, tt_move, killers_, ply, tables_->history, continuation);
    ties[i] = reference_tie_code(m, shape);
  }
  if (!shared_.options.rules.counter_moves) return;
  const Move counter = counter_move(ply);
  if (counter == Move::none() || counter == tt_move || killers_.is_killer(ply, counter)) return;
  for (int j = 0; j < moves.size(); ++j) {
    if (moves[j] == counter) {
      keys[j] = kKeyCounterMove;
      break;
    }
  }
}

std::int32_t* Worker::continuation_row(int ply) const {
  // The shape of the move that led here is read off the board above, once
  // per node that orders its moves, not for every move made.
  const Move previous = stack_[ply].move_in;
  if (!shared_.options.rules.cont_history || ply == 0 || previous == Move::none()) return nullptr;
  return tables_->cont_history.row(stack_[ply].position.side_to_move(),
                                   move_shape(stack_[ply - 1].position.board(), previous));
}

Move Worker::counter_move(int ply) const {
  const Move previous = stack_[ply].move_in;
  if (previous == Move::none()) return Move::none();
  return tables_->counter_moves.reply(stack_[ply].position.side_to_move(), previous);
}

template <Edition E>
bool Worker::split(int ply, int depth, int beta, NodeType type, bool zaps_only, bool improving,
                   const ZapFilter& filter, MovePicker& picker, int searched, NodeBest& best) {
  SplitStats& stats = shared_.split_stats;
  stats.splits.fetch_add(1, std::memory_order_relaxed);
  (type == NodeType::kPv    ? stats.splits_pv
   : type == NodeType::kCut ? stats.splits_cut
                            : stats.splits_all)
      .fetch_add(1, std::memory_order_relaxed);
  flush_nodes();
  SplitPoint sp(picker, best.alpha, best.score, best.move, best.index, searched);
  sp.ply = ply;
  sp.depth = depth;
  sp.beta = beta;
  sp.type = type;
  sp.zaps_only = zaps_only;
  sp.improving = improving;
  sp.filter = filter;
  sp.parent = split_;
  sp.set_killers(killers_);
  sp.pass_killers = shared_.options.split_killers;
  sp.serial_researches = type == NodeType::kPv && shared_.options.split_pv_serial;
  sp.pause_helpers = sp.serial_researches && shared_.options.split_pv_pause && !shared_.hybrid;
  sp.owner = this;
  sp.record_new_bests = ply == 0;
  const int helpers = std::min(shared_.threads - 1, picker.remaining());
  sp.max_visitors = helpers;
  if (shared_.hybrid) {
    // No tasks: the other threads find sp in the registry.
    shared_.registry.publish(sp);
    split_ = &sp;
    try {
      work_at<E>(sp, true);
    } catch (const std::exception& e) {
      shared_.record_error(e.what());
    } catch (...) {
      shared_.record_error("");
    }
    shared_.registry.withdraw(sp);
    stop_busy_clock();
    wait_for_visitors<E>(sp);
    start_busy_clock();
    split_ = sp.parent;
  } else {
    TaskGroup group;
    spawn_helpers<E>(sp, group, helpers);
    split_ = &sp;
    try {
      work_at<E>(sp, true, &group);
    } catch (const std::exception& e) {
      shared_.record_error(e.what());
    } catch (...) {
      shared_.record_error("");
    }
    // Waiting, this thread runs only work of this split point (its helpers
    // it has not given away, and their descendants): a task from elsewhere
    // could hold it far longer than the split lasts.
    stop_busy_clock();
    group.wait();
    start_busy_clock();
    split_ = sp.parent;
  }
  if (sp.pass_killers) killers_.copy_below(sp.killers_below(), ply);
  // The root's order as the serial loop leaves it: every move that became
  // the best moves to the front in turn, not only the last (the next
  // iteration scouts the runner-up second, where it raises alpha soonest).
  // Posted searches were finished, so a stopped root keeps them too.
  if (ply == 0)
    for (const Move m : sp.new_bests()) move_to_root_front(m);
  const SplitPoint::Waste waste = sp.after_cutoff();
  if (waste.moves > 0) {
    stats.moves_after_cutoff.fetch_add(waste.moves, std::memory_order_relaxed);
    stats.nodes_after_cutoff.fetch_add(waste.nodes, std::memory_order_relaxed);
  }
  // This worker's own stop may come from sp's abort (a brother cut): that
  // ends only the split, not the search.
  stopped_ = shared_.stopped.load(std::memory_order_relaxed) ||
             (split_ && split_->aborted_here_or_above());
  const bool complete = !stopped_;
  // A stopped root still keeps what was proved: a brother whose search
  // ended (it is posted only then) and beat alpha is better than the move
  // before it.
  if (sp.best_score() > best.score && (complete || (ply == 0 && sp.final_alpha() > best.alpha))) {
    best.score = sp.best_score();
    best.move = sp.best_move();
    best.index = sp.best_order();
    if (best.score > best.alpha) {
      best.alpha = best.score;
      const std::vector<Move>& line = sp.line();
      pv_[ply][ply] = best.move;
      for (std::size_t i = 0; i < line.size(); ++i) pv_[ply][ply + 1 + i] = line[i];
      pv_length_[ply] = ply + 1 + static_cast<int>(line.size());
      if (ply == 0) root_score_ = best.score;
    }
  }
  return complete;
}

template <Edition E>
void Worker::spawn_helpers(SplitPoint& sp, TaskGroup& group, int count) {
  shared_.split_stats.tasks.fetch_add(static_cast<std::uint64_t>(count), std::memory_order_relaxed);
  for (int i = 0; i < count; ++i) group.run([this, &sp] { help<E>(sp); });
}

template <Edition E>
void Worker::work_at(SplitPoint& sp, bool owner, TaskGroup* group) {
  const int ply = sp.ply;
  SplitMove sm;
  while (!stopped_) {
    if (group && sp.pause_helpers) spawn_helpers<E>(sp, *group, sp.resume_paused());
    if (!sp.take(sm, killers_, !owner)) break;
    ++unflushed_split_moves_;
    if (!owner) ++unflushed_helper_moves_;
    if (owner && ply == 0 && main_)
      shared_.report_root_move(sm.move, shared_.pv_index + sm.order + 1);
    const std::uint64_t nodes_before = nodes_;
    int score = 0;
    pv_length_[ply + 1] = ply + 1;
    // Released after the post below: the next re-search reads its alpha.
    ResearchHold hold(sp, sm.deferred);
    const AtSplit at{sp, sm, hold};
    const bool late = prunes_late_moves(sp.depth, sm.move_number, sp.type == NodeType::kPv,
                                        sm.best_score, sp.improving);
    const MoveOutcome outcome = search_move<E>(ply, sp.depth, sm.alpha, sp.beta, sp.type, sm.move,
                                               sm.move_number, sp.zaps_only || late, score, &at);
    sp.account(sm, nodes_ - nodes_before, killers_, outcome != MoveOutcome::kSkipped && !stopped_);
    if (outcome == MoveOutcome::kSkipped) continue;
    if (outcome == MoveOutcome::kDeferred && !stopped_) {
      sp.defer(sm, score);
      continue;
    }
    if (stopped_) {
      ++unflushed_aborted_moves_;
      break;
    }
    if (sp.post(sm, score, pv_[ply + 1].data() + ply + 1, pv_length_[ply + 1] - (ply + 1)))
      abort_split(sp);
  }
}

template <Edition E>
void Worker::help(SplitPoint& sp) {
  if (sp.exhausted() || sp.aborted_here_or_above() ||
      shared_.stopped.load(std::memory_order_relaxed))
    return;
  std::unique_ptr<Worker> helper;
  try {
    helper = pools_.acquire();
    helper->bind_tables();
    helper->adopt_path(*sp.owner, sp);
    helper->start_busy_clock();
    shared_.split_stats.helpers_joined.fetch_add(1, std::memory_order_relaxed);
    helper->template work_at<E>(sp, false);
  } catch (const std::exception& e) {
    shared_.record_error(e.what());
  } catch (...) {
    shared_.record_error("");
  }
  if (!helper) return;
  helper->stop_busy_clock();
  helper->flush_nodes();
  helper->split_ = nullptr;
  pools_.release(std::move(helper));
}

void Worker::abort_split(SplitPoint& sp) const {
  if (shared_.options.measure_abort_latency)
    sp.aborted_at_ns.store(steady_now_ns(), std::memory_order_relaxed);
  sp.aborted.store(true, std::memory_order_release);
}

template <Edition E>
bool Worker::visit_open_splits(const SplitPoint* below) {
  bool visited = false;
  while (SplitPoint* sp = shared_.registry.join(below)) {
    visited = true;
    help<E>(*sp);
    SplitRegistry::leave(*sp);
  }
  return visited;
}

template <Edition E>
void Worker::wait_for_visitors(SplitPoint& sp) {
  while (sp.visitors.load(std::memory_order_acquire) > 0)
    if (!shared_.registry.any_open() || !visit_open_splits<E>(&sp)) std::this_thread::yield();
}

template <Edition E>
bool Worker::filler_poll() {
  if (shared_.registry.any_open() && visit_open_splits<E>(nullptr))
    shared_.split_stats.filler_visits.fetch_add(1, std::memory_order_relaxed);
  if (root_depth_ < filler_max_depth_ &&
      shared_.current_depth.load(std::memory_order_relaxed) >= root_depth_) {
    stopped_ = true;
    return false;
  }
  return true;
}

template <Edition E>
void Worker::search_filler(int max_depth) {
  filler_ = true;
  filler_max_depth_ = max_depth;
  const std::uint64_t nodes_before = nodes_;
  int searched_to = 0;  // the deepest iteration this filler completed
  while (!shared_.stopped.load(std::memory_order_relaxed)) {
    const int depth =
        std::min(std::max(searched_to, shared_.current_depth.load(std::memory_order_relaxed)) + 1,
                 max_depth);
    if (depth <= searched_to) {
      // Nothing ahead of the main worker is left to search: only its split
      // points.
      if (!visit_open_splits<E>(nullptr)) std::this_thread::yield();
      continue;
    }
    stopped_ = false;
    search_root<E>(depth, -kInfinity, kInfinity);
    if (!stopped_) searched_to = depth;
  }
  filler_ = false;
  flush_nodes();
  shared_.split_stats.filler_nodes.fetch_add(nodes_ - nodes_before, std::memory_order_relaxed);
}

template <Edition E>
void Worker::search_abdada(int max_depth) {
  const std::uint64_t nodes_before = nodes_;
  int searched_to = 0;  // the deepest iteration this helper completed
  for (;;) {
    // The main worker's iteration, or the one after the last any thread
    // finished (the main worker is about to take that one's line).
    const int depth =
        std::max({searched_to + 1, shared_.current_depth.load(std::memory_order_relaxed),
                  shared_.finished_iteration.depth() + 1});
    if (depth > max_depth || shared_.stopped.load(std::memory_order_relaxed)) break;
    stopped_ = false;
    const int score = search_root<E>(depth, -kInfinity, kInfinity);
    if (stopped_) continue;
    searched_to = depth;
    if (shared_.abdada_hand_over) shared_.finished_iteration.offer(depth, score, root_pv());
  }
  flush_nodes();
  shared_.split_stats.abdada_helper_nodes.fetch_add(nodes_ - nodes_before,
                                                    std::memory_order_relaxed);
}

template <Edition E>
void Worker::search_lazy(int offset, int max_depth) {
  for (int depth = 1 + offset; depth <= max_depth; ++depth) {
    search_root<E>(depth, -kInfinity, kInfinity);
    if (stopped_) break;
  }
  flush_nodes();
}

// ---------------------------------------------------------------- WorkerPools

void WorkerPools::resize(int threads) {
  if (pools_.size() == static_cast<std::size_t>(threads) + 1) return;
  std::vector<Pool> resized(static_cast<std::size_t>(threads) + 1);
  for (Pool& pool : pools_)
    for (auto& w : pool.idle) resized.back().idle.push_back(std::move(w));
  pools_ = std::move(resized);
}

WorkerPools::Pool& WorkerPools::pool_for_this_thread() {
  // Slots run from 0 to the arena's concurrency - 1; outside an arena the
  // index is negative and the last pool serves.
  const int slot = tbb::this_task_arena::current_thread_index();
  const std::size_t outside = pools_.size() - 1;
  return pools_[slot >= 0 && static_cast<std::size_t>(slot) < outside
                    ? static_cast<std::size_t>(slot)
                    : outside];
}

std::unique_ptr<Worker> WorkerPools::acquire() {
  Pool& pool = pool_for_this_thread();
  {
    std::lock_guard lock(pool.mutex);
    if (!pool.idle.empty()) {
      auto worker = std::move(pool.idle.back());
      pool.idle.pop_back();
      return worker;
    }
  }
  return std::make_unique<Worker>(shared_, *this);
}

void WorkerPools::release(std::unique_ptr<Worker> worker) {
  Pool& pool = pool_for_this_thread();
  std::lock_guard lock(pool.mutex);
  pool.idle.push_back(std::move(worker));
}

void WorkerPools::clear_killers() {
  for (Pool& pool : pools_) {
    std::lock_guard lock(pool.mutex);
    for (auto& w : pool.idle) w->clear_killers();
  }
}

// ---------------------------------------------------------------- Searcher

void Searcher::clear() {
  pools_.clear_killers();
  for (auto& t : shared_.thread_tables) {
    t->history.clear();
    t->counter_moves.clear();
    if (shared_.options.rules.cont_history) t->cont_history.clear();
  }
}

SearchReport Searcher::report_line(const Worker& main, int depth, int score) {
  const std::span<const Move> pv = main.root_pv();
  // The deepest ply any thread has reached in this search, and at least the
  // line's length (a mate in one reaches no node beyond the root).
  SearchReport r =
      shared_.report(depth, score, std::max(main.seldepth(), static_cast<int>(pv.size())));
  r.pv.assign(pv.begin(), pv.end());
  return r;
}

template <Edition E>
SearchResult Searcher::iterate(Worker& main, const SearchLimits& limits) {
  SharedState& shared = shared_;
  const std::vector<Move>& root_moves = shared.root_moves;
  SearchResult result;
  if (root_moves.empty()) return result;
  result.best_move = root_moves.front();  // something legal even if stopped at once

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  // MultiPV: each iteration searches line 1, then line 2 without line 1's
  // first move, and so on; with one line this is plain iterative deepening.
  const int lines = std::clamp(shared.options.multipv, 1, static_cast<int>(root_moves.size()));
  // Each line's score in the last iteration that completed it, the centre
  // of its next aspiration window.
  std::vector<int> line_scores(static_cast<std::size_t>(lines), 0);
  struct Line {
    int score;
    std::vector<Move> pv;
  };
  auto main_line = [&main] {
    const std::span<const Move> pv = main.root_pv();
    return std::vector<Move>(pv.begin(), pv.end());
  };
  for (int depth = 1; depth <= max_depth; ++depth) {
    shared.current_depth.store(depth, std::memory_order_relaxed);
    main.reset_seldepth();
    // Not in the hybrid, whose fillers write their histories all along.
    if (shared.splitting && !shared.hybrid && shared.options.history_merge)
      shared.merge_histories(shared.threads);
    std::vector<Line> completed;  // MultiPV: this iteration's lines, in the order searched
    for (shared.pv_index = 0; shared.pv_index < lines; ++shared.pv_index) {
      int& score = line_scores[static_cast<std::size_t>(shared.pv_index)];
      int window = kAspirationWindow;
      int alpha = -kInfinity;
      int beta = kInfinity;
      if (shared.options.rules.aspiration && depth >= 4 && !is_mate_score(score)) {
        alpha = std::max(score - window, -kInfinity);
        beta = std::min(score + window, kInfinity);
      }
      int iteration_score;
      for (;;) {
        iteration_score = main.search_root<E>(depth, alpha, beta);
        if (main.stopped()) {
          // ABDADA: a helper finished this iteration first; its line is the
          // iteration's.
          if (shared.abdada_hand_over && main.take_finished_iteration(depth))
            iteration_score = main.root_score();
          break;
        }
        if (iteration_score <= alpha) {
          shared.progress.record(iteration_score, ScoreBound::kUpper, {});
          alpha = std::max(alpha - window, -kInfinity);
          window *= 2;
        } else if (iteration_score >= beta) {
          shared.progress.record(iteration_score, ScoreBound::kLower, main_line());
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
      main.flush_nodes();
      // Lines after the first count only when searched to the end.
      if (shared.pv_index > 0 && !main.stopped()) score = iteration_score;
      // A stopped iteration still counts where its first move was searched in
      // full: its best move so far is then at least as good at this depth as
      // the previous iteration's (which it tried first).
      if (shared.pv_index == 0 && !main.root_pv().empty()) {
        score = main.stopped() ? main.root_score() : iteration_score;
        result.best_move = main.root_pv().front();
        result.score = score;
        result.depth = depth;
        result.pv = main_line();
        shared.progress.record(score, ScoreBound::kExact, result.pv);
        if (lines == 1 && shared.has_info_callback())
          (*shared.on_info)(report_line(main, depth, score));
      }
      if (main.stopped()) break;
      if (shared.abdada_hand_over) shared.finished_iteration.offer(depth, score, main.root_pv());
      if (lines > 1 && !main.root_pv().empty()) completed.push_back({score, main_line()});
    }
    shared.pv_index = 0;
    if (lines > 1 && completed.size() == static_cast<std::size_t>(lines)) {
      // A later line may score above an earlier one (the search is not
      // exact): the lines are ranked by score, and the root's order and
      // the best move follow the ranking.
      std::stable_sort(completed.begin(), completed.end(),
                       [](const Line& a, const Line& b) { return a.score > b.score; });
      for (std::size_t k = 0; k < completed.size(); ++k) {
        line_scores[k] = completed[k].score;
        shared.root_moves[k] = completed[k].pv.front();
      }
      result.best_move = completed.front().pv.front();
      result.score = completed.front().score;
      result.pv = completed.front().pv;
      shared.progress.record(result.score, ScoreBound::kExact, result.pv);
      if (shared.has_info_callback()) {
        for (std::size_t k = 0; k < completed.size(); ++k) {
          SearchReport r = shared.report(depth, completed[k].score, main.seldepth());
          shared.progress.note_seldepth(static_cast<int>(completed[k].pv.size()));
          r.seldepth = shared.progress.seldepth();
          r.pv = completed[k].pv;
          r.multipv = static_cast<int>(k) + 1;
          (*shared.on_info)(r);
        }
      }
    }
    // A line taken from another thread leaves the main worker unstopped.
    if (main.stopped() || shared.stopped.load(std::memory_order_relaxed)) break;
    const int score = line_scores.front();
    if (is_mate_score(score) && depth > 2 * mate_in_moves(std::abs(score)) + 2 && !limits.infinite)
      break;
    // `go mate N`: the mate asked for is found (in N moves or fewer).
    if (limits.mate > 0 && result.depth == depth && score >= kMateBound &&
        mate_in_moves(score) <= limits.mate)
      break;
    if (shared.time.soft_limit_reached() && !shared.pondering.load(std::memory_order_relaxed))
      break;
    // The stop flag is polled every kPollInterval nodes, and the first
    // iterations are smaller than that: a `stop` read right behind its `go`
    // would let depths 2, 3, ... run on to the first poll. Depth 1 gives
    // the answer.
    if (shared.stop_request && shared.stop_request->load(std::memory_order_relaxed)) break;
  }
  return result;
}

template <Edition E, typename HelperLoop>
SearchResult Searcher::search_with_helpers(Worker& main, const kernel::Game& game,
                                           const SearchLimits& limits, HelperLoop helper_loop) {
  SharedState& shared = shared_;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  std::vector<std::unique_ptr<Worker>> helpers;
  for (int i = 1; i < shared.threads; ++i) {
    helpers.push_back(pools_.acquire());
    helpers.back()->reset_root(game, false);
  }
  SearchResult result;
  {
    TaskGroup group;
    for (std::size_t i = 0; i < helpers.size(); ++i)
      group.run([&shared, &helper = *helpers[i], i, max_depth, helper_loop] {
        try {
          helper.bind_tables();
          helper.start_busy_clock();
          helper_loop(helper, i, max_depth);
          helper.stop_busy_clock();
        } catch (const std::exception& e) {
          shared.record_error(e.what());
        } catch (...) {
          shared.record_error("");
        }
      });
    try {
      result = iterate<E>(main, limits);
    } catch (const std::exception& e) {
      shared.record_error(e.what());
    } catch (...) {
      shared.record_error("");
    }
    // The main worker's result is the search's (in the hybrid every split
    // point of the main search has ended with it): the helpers stop with it.
    shared.stopped.store(true, std::memory_order_relaxed);
    main.stop_busy_clock();
    group.wait();
    main.start_busy_clock();
  }
  for (auto& helper : helpers) pools_.release(std::move(helper));
  return result;
}

template <Edition E>
SearchResult Searcher::search_parallel(Worker& main, const kernel::Game& game,
                                       const SearchLimits& limits) {
  if (shared_.threads == 1) return iterate<E>(main, limits);
  switch (shared_.options.smp) {
    case SmpMode::kLazy:
      // Helpers at alternate depths fill the table ahead of the main worker.
      return search_with_helpers<E>(main, game, limits, [](Worker& w, std::size_t i, int max) {
        w.template search_lazy<E>(static_cast<int>((i + 1) % 2), max);
      });
    case SmpMode::kHybrid:
      return search_with_helpers<E>(main, game, limits, [](Worker& w, std::size_t, int max) {
        w.template search_filler<E>(max);
      });
    case SmpMode::kAbdada:
      return search_with_helpers<E>(main, game, limits, [](Worker& w, std::size_t, int max) {
        w.template search_abdada<E>(max);
      });
    case SmpMode::kYbwc:
      break;
  }
  return iterate<E>(main, limits);
}

namespace {
// The parallel-search knobs in the ranges the search relies on: the abort
// poll is a mask test, so its interval is a power of two.
SearchOptions normalized(SearchOptions options) {
  options.abort_poll_interval = static_cast<int>(std::bit_ceil(
      static_cast<unsigned>(std::clamp(options.abort_poll_interval, 1, kMaxAbortPollInterval))));
  options.min_split_depth = std::max(options.min_split_depth, kMinMinSplitDepth);
  return options;
}
}  // namespace

SearchResult Searcher::run(const kernel::Game& game, const SearchLimits& limits,
                           const InfoCallback& on_info, const std::atomic<bool>& stop, int threads,
                           const SearchOptions& options) {
  SharedState& shared = shared_;
  shared.options = normalized(options);
  shared.limits = limits;
  shared.stop_request = &stop;
  shared.on_info = &on_info;
  shared.stopped.store(false);
  shared.nodes.store(0);
  shared.moves_made.store(0);
  shared.last_periodic_info_ms.store(0);
  shared.progress.reset();
  {
    std::lock_guard lock(shared.error_mutex);
    shared.error.clear();
  }
  shared.threads = std::max(1, threads);
  shared.splitting = shared.threads > 1 && (shared.options.smp == SmpMode::kYbwc ||
                                            shared.options.smp == SmpMode::kHybrid);
  shared.hybrid = shared.threads > 1 && shared.options.smp == SmpMode::kHybrid;
  shared.abdada = shared.threads > 1 && shared.options.smp == SmpMode::kAbdada;
  shared.abdada_hand_over = shared.abdada && shared.options.multipv <= 1;
  if (shared.abdada) {
    // What an earlier search stopped by an exception may have left in it.
    shared.busy_moves.clear();
    shared.finished_iteration.reset();
  }
  // A hybrid's fillers read it from their start: not the last search's.
  shared.current_depth.store(0, std::memory_order_relaxed);
  shared.split_depth = split_depth_for(shared.options, shared.threads);
  shared.time.start(limits, options.rules.time_style, options.move_overhead_ms);
  shared.tt.new_search();
  // The reference starts every search with an empty best-move history;
  // history_keep halves it instead, keeping what the last search learned.
  shared.resize_thread_tables(shared.threads);
  for (auto& t : shared.thread_tables) {
    if (options.rules.history_keep) {
      t->history.halve();
      if (options.rules.cont_history) t->cont_history.halve();
    } else {
      t->history.clear();
      // Only where they are used: clearing costs a 256 KiB write.
      if (options.rules.counter_moves) t->counter_moves.clear();
      if (options.rules.cont_history) t->cont_history.clear();
    }
  }
  // The root's moves in generation order; iterations reorder them.
  const MoveList legal = game.legal_moves();
  shared.root_moves.assign(legal.begin(), legal.end());
  // `go searchmoves`: only the moves asked for, still in generation order
  // (the front one is played if the search is stopped at once). Moves that
  // are not legal here are not searched; if none is, every move is.
  if (!limits.searchmoves.empty()) {
    std::vector<Move> chosen;
    for (Move m : shared.root_moves)
      if (std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) !=
          limits.searchmoves.end())
        chosen.push_back(m);
    if (!chosen.empty()) shared.root_moves = std::move(chosen);
  }

  // The game so far, for repetition: every position before the root.
  shared.game_keys.clear();
  for (std::size_t i = 0; i + 1 < game.history().size(); ++i)
    shared.game_keys.push_back(game.history()[i].key());

  // One pool per arena slot, kept across searches with the same thread count
  // (its workers are warm); resized only between searches, when all idle.
  pools_.resize(shared.threads);
  // Killers stay from the previous search, as in the reference.
  std::unique_ptr<Worker> main = pools_.acquire();
  main->reset_root(game, true);
  main->start_busy_clock();
  SearchResult result;
  auto search = [&] {
    main->bind_tables();
    result = game.edition() == Edition::k2016
                 ? search_parallel<Edition::k2016>(*main, game, limits)
                 : search_parallel<Edition::k2018>(*main, game, limits);
  };
  if (shared.threads > 1) {
    // More threads than oneTBB runs by default (Engine's `oversubscribe`)
    // need its global limit raised for the search's time.
    std::optional<tbb::global_control> limit;
    if (shared.threads > tbb::info::default_concurrency())
      limit.emplace(tbb::global_control::max_allowed_parallelism,
                    static_cast<std::size_t>(shared.threads));
    tbb::task_arena arena(shared.threads);
    arena.execute(search);
  } else {
    search();
  }
  main->stop_busy_clock();
  main->flush_nodes();
  result.nodes = shared.nodes.load();
  {
    std::lock_guard lock(shared.error_mutex);
    result.error = shared.error;
  }
  result.moves_made = shared.moves_made.load();
  pools_.release(std::move(main));
  return result;
}

}  // namespace leiser::search
