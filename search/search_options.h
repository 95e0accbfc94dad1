// How the Engine configures the Searcher: the search's rules and the knobs
// of its time management and parallel search. One value per search, handed
// to Searcher::run and read-only while the search runs.
#pragma once

#include <algorithm>
#include <cstdint>

#include "search/search_limits.h"
#include "search/search_rules.h"

namespace leiser::search {

// The `Move Overhead` option (SearchOptions::move_overhead_ms).
inline constexpr int kDefaultMoveOverheadMs = 10;
inline constexpr int kMaxMoveOverheadMs = 5000;
// The most lines `MultiPV` may ask for: more than any position has moves.
inline constexpr int kMaxMultiPv = 256;

// Parallel tasks poll their split points' abort flags every this many nodes,
// so that a cutoff found by a brother stops the others within microseconds;
// the serial poll (clock, stop, node limit) is every 1024 nodes. Chosen from
// the latency and instruction counts in perf-reports/parallel-experiments.md.
inline constexpr int kDefaultAbortPollInterval = 16;
inline constexpr int kMaxAbortPollInterval = 1 << 16;
// Nodes with less depth left are searched serially: a split costs a task and
// a copy of the path, more than a small subtree is worth (perf-reports/parallel-experiments.md).
inline constexpr int kDefaultMinSplitDepth = 4;
// With more threads, the split depth rises a ply per doubling beyond this
// many (SearchOptions::split_depth_scaling, split_depth_for): at 16 threads
// (oversubscribed here) splits from depth 6 searched a median of +34% more
// nodes than one thread where splits from depth 4 searched +77%, and at 8
// threads depth 5 +21% where depth 4 +33% (perf-reports/parallel-experiments.md),
// while at 2 threads depth 4 reached depth sooner than 5 or 6.
inline constexpr int kSplitDepthScalingThreads = 4;
// A node of depth 1 has only quiescence below it: nothing worth a task.
inline constexpr int kMinMinSplitDepth = 2;
// More than any search's depth: nothing splits.
inline constexpr int kMaxMinSplitDepth = 64;
// An expected CUT node splits only after this many of its moves failed to
// cut: the TT move, two killers, and one from the history
// (perf-reports/parallel-experiments.md).
inline constexpr int kDefaultSplitCutMoves = 4;
inline constexpr int kMaxSplitCutMoves = 256;
inline constexpr int kDefaultAbdadaDeferDepth = 3;
inline constexpr int kMaxAbdadaDeferDepth = 64;

// How more than one thread search (the `SMP` option): Young Brothers Wait
// splits nodes between them; Lazy SMP runs an iterative deepening per
// thread over the shared TT, the main thread's result being the search's
// (the yardstick YBWC is measured against, docs/parallel.md). The hybrid
// splits as YBWC does, but a thread with no split point to help searches
// the next iteration Lazy SMP style instead of waiting, and joins split
// points as they open (SplitRegistry). ABDADA runs every thread's own
// iterative deepening at the main thread's depth over the shared TT, and a
// thread puts off a younger brother that another thread is searching
// (BusyMoveTable), so that the threads share out each node's moves without
// split points.
enum class SmpMode : std::uint8_t { kYbwc, kLazy, kHybrid, kAbdada };

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

  // Parallel search only (more than one thread); none of these changes what
  // a one-thread search does.
  //
  // Nodes between two polls of the abort flags by a parallel task, rounded
  // up to a power of two (the poll is a mask test) and clamped to
  // 1..kMaxAbortPollInterval.
  int abort_poll_interval = kDefaultAbortPollInterval;
  // The least depth at which a node hands its younger brothers to parallel
  // tasks; at least kMinMinSplitDepth.
  int min_split_depth = kDefaultMinSplitDepth;
  // Raise the split depth by a ply per doubling of the threads beyond
  // kSplitDepthScalingThreads (split_depth_for).
  bool split_depth_scaling = true;
  // Between iterations, every thread's history table becomes the mean of all
  // of them, so that a helper orders its next subtrees with what the whole
  // search learned, not only its own share of it. One thread: nothing to do.
  // At 4 threads (oversubscribed) it cut the 2018 deep set's search overhead
  // from a median +47% to +19%; 2016 level (perf-reports/parallel-experiments.md).
  bool history_merge = true;
  // A move handed out by a split point carries the killers below the node
  // that the brother finished last left, as the serial search's next brother
  // would see them; the owner leaves the split with them too.
  bool split_killers = true;
  // At a PV split point, one brother at a time is re-searched with the open
  // window: a second whose scout beats alpha meanwhile waits in the split
  // point's queue, then starts from the alpha the first one left (issue 39).
  bool split_pv_serial = true;
  // The root splits as any PV node does; off, its moves are searched one at
  // a time, each split below, so that every root move after a new best one
  // is scouted against the alpha it raised (issue 39: on positions from
  // games, an iteration whose root move changes costs two threads more than
  // one, perf-reports/parallel-experiments.md).
  bool split_root = true;
  // At a PV split point, while a brother is re-searched with the open window
  // a helper takes no new brother: it leaves, free for the re-search's own
  // splits, and the owner hands helpers out again once the re-search is
  // over, so that the brothers after it are scouted against the alpha it
  // leaves (issue 39: such re-searches are where the root's changes of mind
  // cost two threads more than one). Only with split_pv_serial.
  bool split_pv_pause = false;
  // Time each abort and how long the tasks below take to notice it
  // (SplitStats::abort_latency_*): two clock reads per abort, for measuring
  // the poll interval; off, the search reads no clock for aborts.
  bool measure_abort_latency = false;
  // Moves an expected CUT node searches alone before it splits (at least 1).
  int split_cut_moves = kDefaultSplitCutMoves;
  // Time how long the workers spend searching and waiting
  // (SplitStats::busy_ns): clock reads at each split and task; off, the
  // search reads no clock for it.
  bool measure_idle_time = false;
  SmpMode smp = SmpMode::kYbwc;
  // ABDADA: the least depth at which a node puts off a brother another
  // thread is searching (shallower nodes are cheaper to search twice than
  // to look up).
  int abdada_defer_depth = kDefaultAbdadaDeferDepth;
};

// The least depth at which nodes split in a search with `threads` threads:
// options.min_split_depth, plus a ply for each doubling of the threads beyond
// kSplitDepthScalingThreads when options.split_depth_scaling (4 threads: +0,
// 8: +1, 16: +2, 32: +3). More helpers than a shallow subtree can use only
// race each other's TT entries there.
constexpr int split_depth_for(const SearchOptions& options, int threads) {
  int depth = options.min_split_depth;
  if (options.split_depth_scaling)
    for (int t = kSplitDepthScalingThreads; t < threads; t *= 2) ++depth;
  return std::min(depth, kMaxMinSplitDepth);
}

}  // namespace leiser::search
