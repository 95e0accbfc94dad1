// Principal-variation search: iterative deepening with aspiration windows,
// zero-window scouts, quiescence over zapping moves, a transposition table,
// killers, history, null-move pruning, late-move reductions and futility
// pruning; with more than one thread, Young Brothers Wait splitting on oneTBB
// task groups (docs/parallel.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "kernel/game.h"
#include "kernel/position.h"
#include "search/eval_cache.h"
#include "search/evaluate.h"
#include "search/ordering.h"
#include "search/root_progress.h"
#include "search/search_limits.h"
#include "search/search_rules.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace leiser::search {

using InfoCallback = std::function<void(const SearchReport&)>;

class Searcher;

// The `Move Overhead` option (SearchOptions::move_overhead_ms).
inline constexpr int kDefaultMoveOverheadMs = 10;
inline constexpr int kMaxMoveOverheadMs = 5000;
// The most lines `MultiPV` may ask for: more than any position has moves.
inline constexpr int kMaxMultiPv = 256;

struct SearchOptions {
  // Plain alpha-beta: no TT, no forward pruning, no late-move reductions
  // (extensions stay: they depend on the move, not on the order). Its value
  // depends only on the position and depth, not on windows or move order, so
  // parallel and serial searches must agree on it; tests use it to check the
  // parallel search.
  bool exact = false;
  SearchRules rules = SearchRules::standard();
  // Milliseconds the time manager keeps back from the clock and from a
  // movetime for what the reply loses on its way to the match runner
  // (printing, pipes, scheduling); the `Move Overhead` option.
  int move_overhead_ms = kDefaultMoveOverheadMs;
  // How many best lines the root search finds and reports (the `MultiPV`
  // option): line k is the best without the first moves of lines 1..k-1.
  int multipv = 1;
};

// A node whose younger brothers are being searched in parallel. Tasks read
// alpha from it and post their results to it; a fail-high sets `aborted`,
// which every task below polls (through its chain of split points).
struct SplitPoint {
  std::mutex mutex;
  int alpha = 0;
  int beta = 0;
  int best_score = 0;
  kernel::Move best_move = kernel::Move::none();
  std::vector<kernel::Move> pv;  // best line from this node's child on
  std::atomic<bool> aborted{false};
  // When `aborted` was set (steady clock, ns), for measuring how long the
  // tasks below take to notice.
  std::atomic<std::int64_t> aborted_at_ns{0};
  const SplitPoint* parent = nullptr;
  // The nearest split point on the chain that is aborted, or nullptr.
  const SplitPoint* aborted_here_or_above() const {
    for (const SplitPoint* sp = this; sp; sp = sp->parent)
      if (sp->aborted.load(std::memory_order_acquire)) return sp;
    return nullptr;
  }
};

// Statistics of parallel search, for the parallel report.
struct SplitStats {
  std::atomic<std::uint64_t> splits{0};
  std::atomic<std::uint64_t> tasks{0};
  std::atomic<std::uint64_t> aborted_tasks{0};
  // Tasks stopped mid-search by an abort, and how long after the abort they
  // noticed it (the polling latency), in nanoseconds.
  std::atomic<std::uint64_t> abort_notices{0};
  std::atomic<std::uint64_t> abort_latency_ns_sum{0};
  std::atomic<std::uint64_t> abort_latency_ns_max{0};
};

// One thread's view of a search: its own stack of positions, principal
// variations and killers. The main search uses one; each parallel task
// borrows one from the Searcher's pool.
class Worker {
 public:
  explicit Worker(Searcher& owner) : owner_(owner) {}

 private:
  friend class Searcher;

  struct Frame {
    kernel::Position position;
    const kernel::Board* previous = nullptr;  // for Ko
  };

  // Starts a fresh search at the root.
  void reset_root(const kernel::Game& game);
  // Takes over `from`'s path up to `ply`, to search a sibling under `split`.
  void adopt_path(const Worker& from, int ply, const SplitPoint* split);
  // Zeroes the counters and the stop flag for a new search or task.
  void start_counting();

  template <kernel::Edition E>
  int pvs(int ply, int depth, int alpha, int beta, bool pv_node, bool allow_null);
  // `evasions`: how many more times this line may search every move of a
  // quiescence node whose King is threatened, instead of standing pat.
  template <kernel::Edition E>
  int quiescence(int ply, int alpha, int beta, int evasions);
  // Every move of a threatened quiescence node, each answered by quiescence.
  template <kernel::Edition E>
  int evade(int ply, int alpha, int beta, int evasions);
  // What making and searching one move of a node's loop came to.
  enum class MoveOutcome {
    kSkipped,   // illegal (Ko), or zaps no enemy piece where only such moves count
    kGameOver,  // a King was zapped: `score` is final
    kSearched,  // `score` is the child's search result
  };
  // Makes m at ply and searches the child: the eldest (`searched_before`
  // == 0) of a PV node with the full window, the others with a zero window
  // (reduced by LMR where the rules allow), re-searched in a PV node when
  // they beat alpha.
  template <kernel::Edition E>
  MoveOutcome search_move(int ply, int depth, int alpha, int beta, bool pv_node, kernel::Move m,
                          int searched_before, bool zaps_only, int& score);
  // Searches the brothers of the node at `ply` in parallel; sp holds the
  // result unless the split was abandoned (stop or abort).
  template <kernel::Edition E>
  void split(int ply, int depth, bool pv_node, bool zaps_only, const std::vector<kernel::Move>& moves,
             int first_index, SplitPoint& sp);
  template <kernel::Edition E>
  void search_brother(int ply, int depth, bool pv_node, bool zaps_only, kernel::Move m, int index,
                      SplitPoint& sp);
  // The score of a draw `ply` plies from the root, from the side to move's
  // view there (SearchRules::draw_score is the root side's).
  int draw_score(int ply) const;

  bool should_stop();
  bool is_repetition(int ply) const;
  void flush_nodes();
  int evaluate_here(int ply);
  // The same, tracing the side to move's beam into `own_beam` on a cache
  // miss if the caller has not traced it yet (the first form discards it).
  int evaluate_here(int ply, std::optional<kernel::LaserTrace>& own_beam);

  Searcher& owner_;
  KillerTable killers_;
  std::array<Frame, kMaxPly + 2> stack_{};
  std::array<std::array<kernel::Move, kMaxPly + 2>, kMaxPly + 2> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
  const SplitPoint* split_ = nullptr;
  const kernel::Board* root_previous_ = nullptr;
  std::uint64_t nodes_ = 0;         // counted here, added to the shared total in batches
  std::uint64_t unflushed_nodes_ = 0;
  // Moves made in a search loop (SearchResult::moves_made), flushed with the nodes.
  std::uint64_t unflushed_moves_made_ = 0;
  int seldepth_ = 0;
  int root_score_ = 0;  // the score of pv_[0], the root's best line so far
  bool stopped_ = false;  // this worker's search must unwind (stop, limit or abort)
};

class Searcher {
 public:
  Searcher(TranspositionTable& tt, const EvalParams& params) : tt_(tt), params_(params) {}

  // Searches the game's current position with `threads` threads. `stop` is
  // polled; setting it ends the search as soon as possible with the best move
  // found so far.
  SearchResult run(const kernel::Game& game, const SearchLimits& limits, const InfoCallback& on_info,
                   const std::atomic<bool>& stop, int threads = 1,
                   const SearchOptions& options = SearchOptions{});
  // Forgets killers and history (a new game).
  void clear();
  // Pondering (SearchLimits::ponder) is set before a search starts, so that
  // a ponderhit that comes at once is not lost; ponderhit() ends it: the
  // clock then counts, from the search's start, as Stockfish counts it.
  void set_pondering(bool pondering) { pondering_.store(pondering, std::memory_order_relaxed); }
  void ponderhit() { pondering_.store(false, std::memory_order_relaxed); }
  bool pondering() const { return pondering_.load(std::memory_order_relaxed); }
  // Must be called when evaluation weights change.
  void clear_eval_cache();
  const SplitStats& split_stats() const { return split_stats_; }

 private:
  friend class Worker;
  template <kernel::Edition E>
  SearchResult iterate(Worker& main, const SearchLimits& limits);
  SearchReport report(const Worker& main, int depth, int score, bool with_pv);
  // Reports the root move the main thread is about to search, the
  // `number`-th in the root's order, once the search has run a while.
  void report_root_move(kernel::Move m, int number);
  std::unique_ptr<Worker> acquire_worker();
  void release_worker(std::unique_ptr<Worker> worker);

  TranspositionTable& tt_;
  const EvalParams& params_;
  HistoryTable history_;
  // Static evaluations by position key (edition folded in), shared by all
  // threads: the same positions come back in every iteration.
  EvalCache eval_cache_;
  TimeManager time_;
  SearchLimits limits_;
  SearchOptions options_;
  const std::atomic<bool>* stop_request_ = nullptr;
  const InfoCallback* on_info_ = nullptr;
  std::atomic<bool> stopped_{false};
  std::atomic<bool> pondering_{false};
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> moves_made_{0};
  std::atomic<int> last_periodic_info_ms_{0};
  RootProgress progress_;  // what the periodic info lines report
  int current_depth_ = 0;
  int threads_ = 1;
  std::vector<kernel::Key> game_keys_;  // positions before the root, for repetition
  // The root's legal moves in the order the next iteration tries them: each
  // move that becomes best moves to the front (the reference's root order).
  std::vector<kernel::Move> root_moves_;
  // MultiPV: the root searches root_moves_ from this index on; the moves
  // before it are the first moves of the better lines of this iteration.
  int pv_index_ = 0;
  SplitStats split_stats_;
  // Idle workers, one pool per arena thread slot plus one (the last) for
  // calls from outside an arena. A task takes a worker its own thread used
  // last, so the stack frames it writes are likely still in that core's
  // cache, and no lock is shared by all threads: with one pool, every task
  // of every thread took the same mutex twice (a task is about 70 nodes).
  // At 2 threads the difference is below this VM's noise (docs/parallel.md);
  // the one shared lock is what would not carry to many cores. The mutexes
  // are uncontended; they make the hand-over visible to TSan when a slot
  // passes from one OS thread to another.
  struct alignas(64) WorkerPool {
    std::mutex mutex;
    std::vector<std::unique_ptr<Worker>> idle;
  };
  WorkerPool& pool_for_this_thread();
  std::vector<WorkerPool> pools_ = std::vector<WorkerPool>(1);
};

}  // namespace leiser::search
