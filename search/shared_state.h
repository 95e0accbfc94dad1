// What the threads of a search share: the tables they all read and write,
// the search's configuration and limits, the stop flags and the counters.
// The Searcher owns one and hands it by reference to each Worker; a Worker
// keeps only its own stack, lines and killers. The fields are grouped by who
// writes them and when, which is what makes sharing them safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "kernel/move.h"
#include "kernel/zobrist.h"
#include "search/eval_cache.h"
#include "search/evaluate.h"
#include "search/ordering.h"
#include "search/root_progress.h"
#include "search/search_limits.h"
#include "search/search_options.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace leiser::search {

using InfoCallback = std::function<void(const SearchReport&)>;

// Statistics of parallel search since the Searcher was made, for the
// parallel report.
struct SplitStats {
  std::atomic<std::uint64_t> splits{0};
  std::atomic<std::uint64_t> tasks{0};
  std::atomic<std::uint64_t> aborted_tasks{0};
  // Only with SearchOptions::measure_abort_latency (0 otherwise): tasks
  // stopped mid-search by an abort, and how long after the abort they
  // noticed it, in nanoseconds.
  std::atomic<std::uint64_t> abort_notices{0};
  std::atomic<std::uint64_t> abort_latency_ns_sum{0};
  std::atomic<std::uint64_t> abort_latency_ns_max{0};
};

struct SharedState {
  SharedState(TranspositionTable& table, const EvalParams& eval_params) : tt(table), params(eval_params) {}
  SharedState(const SharedState&) = delete;
  SharedState& operator=(const SharedState&) = delete;

  // ---- Kept across searches; every thread reads and writes the tables
  // (each is lockless: see its header).
  TranspositionTable& tt;
  const EvalParams& params;
  HistoryTable history;
  // Static evaluations by position key (edition folded in): the same
  // positions come back in every iteration.
  EvalCache eval_cache;
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
  std::vector<kernel::Key> game_keys;  // positions before the root, for repetition

  // ---- Written by the main thread between the splits that read them.
  int current_depth = 0;  // the iteration's nominal depth
  // The root's legal moves in the order the next iteration tries them: each
  // move that becomes best moves to the front (the reference's root order).
  std::vector<kernel::Move> root_moves;
  // MultiPV: the root searches root_moves from this index on; the moves
  // before it are the first moves of the better lines of this iteration.
  int pv_index = 0;

  // ---- Written by every thread during the search.
  std::atomic<bool> stopped{false};  // stop, a limit, or the clock: all threads unwind
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
    r.depth = current_depth;
    r.currmove = m;
    r.currmove_number = number;
    (*on_info)(r);
  }
};

}  // namespace leiser::search
