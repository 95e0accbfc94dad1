// What the threads of a search share: the tables they all read and write,
// the search's configuration and limits, the stop flags and the counters.
// The Searcher owns one and hands it by reference to each Worker; a Worker
// keeps only its own stack, lines and killers. The fields are grouped by who
// writes them and when, which is what makes sharing them safe.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "kernel/move.h"
#include "kernel/zobrist.h"
#include "search/abdada.h"
#include "search/eval_cache.h"
#include "search/evaluate.h"
#include "search/ordering.h"
#include "search/root_progress.h"
#include "search/search_limits.h"
#include "search/search_options.h"
#include "search/split_registry.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace leiser::search {

using InfoCallback = std::function<void(const SearchReport&)>;

// Statistics of the search since the Searcher was made, for the parallel
// report (`bench` prints them). SplitStats holds them as the threads count
// them; SplitCounts is a copy as plain numbers.
//
// splits, splits_pv/_all/_cut: splits, by the node's expected type (NodeType).
// tasks, helpers_joined: helper tasks spawned, and those that found a move
//   left to search.
// split_moves, helper_moves: moves handed out at split points, and those of
//   them searched by helpers.
// aborted_tasks: moves whose search an abort cut short.
// moves_after_cutoff, nodes_after_cutoff: at split points that failed high,
//   the moves handed out after the one that cut, in the picker's order (the
//   serial search never searches them), and the nodes spent on them.
// cutoffs, first_move_cutoffs: every interior node's fail-highs, and those
//   on its first move searched (the move ordering YBWC relies on).
// pv_researches: PV nodes' younger brothers that beat alpha in their scout
//   and were searched again with the open window; at split points,
//   pv_researches_deferred: those that waited for another brother's
//   re-search (SearchOptions::split_pv_serial), pv_rescouts: those scouted
//   again because a brother had raised alpha past their scout's score.
// iir_reductions: nodes searched a ply shallower for want of a hash move
//   (SearchRules::iir_depth).
// singular_extensions: hash moves searched a ply deeper because no other
//   move came near them (SearchRules::singular_depth).
// filler_nodes, filler_visits: a hybrid search's fillers (SmpMode::kHybrid):
//   the nodes of their own iterations ahead of the main worker, and the
//   times they left one for split points that had opened.
// abdada_deferrals, abdada_helper_nodes: an ABDADA search's younger
//   brothers put off to the end of their node's loop because another thread
//   was searching them, and the nodes its helpers searched.
// task_errors: exceptions caught in parallel tasks (the search then stops).
// abort_notices, abort_latency_ns_sum/_max: only with
//   SearchOptions::measure_abort_latency (0 otherwise): tasks stopped
//   mid-search by an abort, and how long after it they noticed it.
// busy_ns: only with SearchOptions::measure_idle_time (0 otherwise): time
//   the workers spent searching, not waiting at a split point, summed over
//   threads; the idle share is 1 - busy / (threads * wall time).
// One counter per line, left as written: clang-format 14 indents such an
// X-macro list further at each line and then reads its own output as off.
// clang-format off
#define LEISER_SPLIT_COUNTERS(X) \
  X(splits) \
  X(splits_pv) \
  X(splits_all) \
  X(splits_cut) \
  X(tasks) \
  X(helpers_joined) \
  X(split_moves) \
  X(helper_moves) \
  X(aborted_tasks) \
  X(moves_after_cutoff) \
  X(nodes_after_cutoff) \
  X(cutoffs) \
  X(first_move_cutoffs) \
  X(pv_researches) \
  X(pv_researches_deferred) \
  X(pv_rescouts) \
  X(iir_reductions) \
  X(singular_extensions) \
  X(filler_nodes) \
  X(filler_visits) \
  X(abdada_deferrals) \
  X(abdada_helper_nodes) \
  X(task_errors) \
  X(abort_notices) \
  X(abort_latency_ns_sum) \
  X(abort_latency_ns_max) \
  X(busy_ns)
// clang-format on

struct SplitCounts {
#define LEISER_PLAIN_COUNTER(name) std::uint64_t name = 0;
  LEISER_SPLIT_COUNTERS(LEISER_PLAIN_COUNTER)
#undef LEISER_PLAIN_COUNTER
};

struct SplitStats {
#define LEISER_ATOMIC_COUNTER(name) std::atomic<std::uint64_t> name{0};
  LEISER_SPLIT_COUNTERS(LEISER_ATOMIC_COUNTER)
#undef LEISER_ATOMIC_COUNTER

  SplitCounts snapshot() const {
    SplitCounts counts;
#define LEISER_COPY_COUNTER(name) counts.name = name.load(std::memory_order_relaxed);
    LEISER_SPLIT_COUNTERS(LEISER_COPY_COUNTER)
#undef LEISER_COPY_COUNTER
    return counts;
  }
};

// The tables each thread of a search keeps to itself: both are written at
// nearly every node, and a table shared by several cores moves a cache line
// between them at each write (on the 2-vCPU guest of
// perf-reports/parallel.md the two threads' node rate was 5-10% lower with
// them shared). One per arena slot, so a slot's thread alone writes it.
struct ThreadTables {
  HistoryTable history;
  // Cleared and kept as the history is (SearchRules::counter_moves).
  CounterMoveTable counter_moves;
  // Allocated, cleared and kept as the history is (SearchRules::cont_history).
  ContinuationHistory cont_history;
  // Static evaluations by position key (edition folded in): the same
  // positions come back in every iteration.
  EvalCache eval_cache;
};

struct SharedState {
  SharedState(TranspositionTable& table, const EvalParams& eval_params)
      : tt(table), params(eval_params) {
    resize_thread_tables(1);
  }
  SharedState(const SharedState&) = delete;
  SharedState& operator=(const SharedState&) = delete;

  // ---- Kept across searches; every thread reads and writes the tables
  // (each is lockless: see its header).
  TranspositionTable& tt;
  const EvalParams& params;
  // One ThreadTables per arena slot (the first serves a one-thread search);
  // resized only between searches.
  std::vector<std::unique_ptr<ThreadTables>> thread_tables;
  void resize_thread_tables(int threads) {
    const auto wanted = static_cast<std::size_t>(std::max(1, threads));
    while (thread_tables.size() < wanted) thread_tables.push_back(std::make_unique<ThreadTables>());
    // Kept when fewer are needed: a table is cleared with the others.
  }
  ThreadTables& tables_for_slot(int slot) {
    return *thread_tables[slot > 0 && static_cast<std::size_t>(slot) < thread_tables.size()
                              ? static_cast<std::size_t>(slot)
                              : 0];
  }
  // The first `threads` slots' histories averaged (HistoryTable::average):
  // only between iterations, when no task runs.
  void merge_histories(int threads) {
    std::vector<HistoryTable*> tables;
    for (std::size_t i = 0; i < thread_tables.size() && i < static_cast<std::size_t>(threads); ++i)
      tables.push_back(&thread_tables[i]->history);
    HistoryTable::average(tables);
  }
  void clear_eval_caches() {
    for (auto& t : thread_tables) t->eval_cache.clear();
  }
  SplitStats split_stats;
  // Set before a search starts (SearchLimits::ponder) and cleared by
  // ponderhit from another thread: while set, the clock does not stop the
  // search.
  std::atomic<bool> pondering{false};

  // ---- Set by Searcher::run before any thread starts; read-only during
  // the search.
  SearchOptions options;
  SearchLimits limits;
  TimeManager time;
  const std::atomic<bool>* stop_request = nullptr;  // the caller's stop
  const InfoCallback* on_info = nullptr;
  int threads = 1;
  // Whether nodes split (Young Brothers Wait): more than one thread, and
  // SmpMode::kYbwc or kHybrid.
  bool splitting = false;
  // SmpMode::kHybrid with more than one thread: split points are joined
  // through `registry`, not handed to oneTBB tasks.
  bool hybrid = false;
  // SmpMode::kAbdada with more than one thread: nodes of
  // options.abdada_defer_depth or more put off the brothers `busy_moves`
  // holds, and with one line (not MultiPV) every thread gives up an
  // iteration another has finished (`finished_iteration`).
  bool abdada = false;
  bool abdada_hand_over = false;
  // Nodes with less depth left do not split (split_depth_for).
  int split_depth = kDefaultMinSplitDepth;
  std::vector<kernel::Key> game_keys;  // positions before the root, for repetition

  // The main worker's iteration (nominal depth), for info lines: written by
  // it while Lazy SMP helpers, which print periodic lines too, search.
  std::atomic<int> current_depth{0};

  // ---- Written by the main thread between the splits that read them (a
  // Lazy SMP helper keeps its own root moves and searches line 1 only).
  // The root's legal moves in the order the next iteration tries them: each
  // move that becomes best moves to the front (the reference's root order).
  std::vector<kernel::Move> root_moves;
  // MultiPV: the root searches root_moves from this index on; the moves
  // before it are the first moves of the better lines of this iteration.
  int pv_index = 0;

  // ---- Written by every thread during the search.
  // The first exception a parallel task threw in this search (its what()),
  // for the result to report; the search stops when one is caught.
  std::mutex error_mutex;
  std::string error;
  void record_error(const std::string& what) {
    {
      std::lock_guard lock(error_mutex);
      if (error.empty()) error = what.empty() ? "unknown error" : what;
    }
    split_stats.task_errors.fetch_add(1, std::memory_order_relaxed);
    stopped.store(true, std::memory_order_relaxed);
  }
  SplitRegistry registry;                // the hybrid search's open split points
  BusyMoveTable busy_moves;              // ABDADA: the moves threads are searching now
  FinishedIteration finished_iteration;  // ABDADA: the deepest iteration any thread finished
  std::atomic<bool> stopped{false};      // stop, a limit, or the clock: all threads unwind
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<std::uint64_t> moves_made{0};
  std::atomic<int> last_periodic_info_ms{0};
  RootProgress progress;  // what the periodic info lines report

  // An info report of the search so far, without a line; `seldepth` is the
  // reporting thread's, folded into the search's maximum.
  SearchReport report(int depth, int score, int seldepth) {
    SearchReport r;
    r.depth = depth;
    progress.note_seldepth(seldepth);
    r.seldepth = progress.seldepth();
    r.score = score;
    r.nodes = nodes.load(std::memory_order_relaxed);
    r.time_ms = time.elapsed_ms();
    r.nps = r.time_ms > 0 ? r.nodes * 1000 / static_cast<std::uint64_t>(r.time_ms) : r.nodes * 1000;
    r.hashfull = tt.hashfull();
    return r;
  }
  bool has_info_callback() const { return on_info && *on_info; }
  // Names the root move the main thread is about to search, the `number`-th
  // in the root's order, once the search has run a while.
  void report_root_move(kernel::Move m, int number) {
    if (!has_info_callback() || time.elapsed_ms() < kCurrmoveAfterMs) return;
    SearchReport r;
    r.depth = current_depth.load(std::memory_order_relaxed);
    r.currmove = m;
    r.currmove_number = number;
    (*on_info)(r);
  }
};

}  // namespace leiser::search
