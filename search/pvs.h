// Principal-variation search: iterative deepening with aspiration windows,
// zero-window scouts, quiescence over zapping moves, a transposition table,
// killers, history, null-move pruning, late-move reductions and futility
// pruning. One Searcher is one thread of search.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "kernel/game.h"
#include "kernel/position.h"
#include "search/evaluate.h"
#include "search/search_limits.h"
#include "search/ordering.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace leiser::search {

using InfoCallback = std::function<void(const SearchReport&)>;

class Searcher {
 public:
  Searcher(TranspositionTable& tt, const EvalParams& params) : tt_(tt), params_(params) {}

  // Searches the game's current position. `stop` is polled; setting it ends
  // the search as soon as possible with the best move found so far.
  SearchResult run(const kernel::Game& game, const SearchLimits& limits, const InfoCallback& on_info,
                   const std::atomic<bool>& stop);
  // Forgets killers and history (a new game).
  void clear();

 private:
  template <kernel::Edition E>
  SearchResult iterate(const kernel::Game& game, const SearchLimits& limits,
                       const InfoCallback& on_info);
  template <kernel::Edition E>
  int pvs(int ply, int depth, int alpha, int beta, bool pv_node, bool allow_null);
  template <kernel::Edition E>
  int quiescence(int ply, int alpha, int beta);
  bool should_stop();
  bool is_repetition(int ply) const;
  SearchReport report(int depth, int score) const;
  int evaluate_here(int ply) const { return evaluate(stack_[ply].position, params_); }

  struct Frame {
    kernel::Position position;
    const kernel::Board* previous = nullptr;  // for Ko
  };

  TranspositionTable& tt_;
  const EvalParams& params_;
  KillerTable killers_;
  HistoryTable history_;
  TimeManager time_;
  SearchLimits limits_;
  const std::atomic<bool>* stop_request_ = nullptr;
  const InfoCallback* on_info_ = nullptr;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int last_periodic_info_ms_ = 0;
  int current_depth_ = 0;
  // Keys of the game's positions before the root (for repetition).
  std::vector<kernel::Key> game_keys_;
  std::array<Frame, kMaxPly + 2> stack_{};
  std::array<std::array<kernel::Move, kMaxPly + 2>, kMaxPly + 2> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
};

}  // namespace leiser::search
