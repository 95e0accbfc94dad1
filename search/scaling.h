// How the parallel search turns threads into speed (`leiserchess bench
// --scaling 1,2,4,...`): the same positions searched to the same depth with
// each thread count, in interleaved rounds (every count once per round, so
// that a slow spell of a shared machine hits every row alike), each row
// paired with its round's one-thread run. Beside each row, the machine's
// ceiling: as many independent one-thread searches at once as the row has
// threads, sharing nothing, whose summed node rate bounds what any parallel
// search could get from the machine.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "search/benchmark.h"

namespace leiser::search {

struct ScalingSpec {
  std::vector<int> threads;  // the first is 1: every row is paired with it
  int depth = 0;
  kernel::Edition edition = kernel::kDefaultEdition;
  std::vector<std::string> fens;
  BenchOptions options;  // engine options for every search (name, value)
  int rounds = 1;
};

struct ScalingRun {
  double seconds = 0;  // to search every position to the depth
  std::uint64_t nodes = 0;
  double idle_share = -1;  // of the threads' time (BenchTotals::idle_share)
  // Each position's, in order (empty for runs made without them).
  std::vector<std::uint64_t> position_nodes;
  std::vector<double> position_seconds;
};

struct ScalingRow {
  int threads = 1;
  // More threads than the machine runs at once: its node counts (the
  // search overhead) mean what they mean on a larger machine, its times do
  // not, and it has no ceiling.
  bool oversubscribed = false;
  std::vector<ScalingRun> runs;  // one per round
  // Per round: the summed node rate of `threads` independent one-thread
  // searches at once over the round's one-thread rate. Empty for one thread
  // and for oversubscribed rows.
  std::vector<double> ceiling;
};

// A row's figures: medians over the rounds, ratios paired round by round
// with the one-thread row (`base`).
struct ScalingSummary {
  double seconds = 0;
  std::uint64_t nodes = 0;
  double nodes_per_second = 0;
  double time_speedup = 0;     // one thread's time over this row's
  double nps_speedup = 0;      // this row's node rate over one thread's
  double search_overhead = 0;  // nodes over one thread's, minus 1
  // Per position: geometric means over the positions of each one's ratio
  // (time speed-up, and nodes over one thread's minus 1). The tree of one
  // position swings by a third when anything perturbs it (a table of
  // another size: perf-reports/parallel-experiments.md), and the few that
  // blow up rule a sum; these means are not theirs. 0 where runs lack
  // per-position figures.
  double position_time_speedup = 0;
  double position_overhead = 0;
  double ceiling = 0;      // 0: none
  double idle_share = -1;  // -1: not measured
};
ScalingSummary summarize(const ScalingRow& row, const ScalingRow& base);

// Called before each search with what is about to run ("round 2/3: 4
// threads"), for a progress line.
using ScalingProgress = std::function<void(const std::string&)>;

// Runs the rounds. Thread counts above the machine's are run oversubscribed.
// Empty when `stop` ended it early.
std::vector<ScalingRow> run_scaling(const ScalingSpec& spec, const ScalingProgress& progress = {},
                                    BenchStop* stop = nullptr);

}  // namespace leiser::search
