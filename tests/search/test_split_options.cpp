// The parallel search's knobs (SearchOptions::min_split_depth,
// abort_poll_interval, measure_abort_latency), set through the C++ API on a
// Searcher of its own. Exact search (no TT, no pruning) makes the score a
// function of the position and depth alone, so every setting must find the
// serial score.
#include <gtest/gtest.h>

#include <atomic>
#include <utility>

#include "kernel/game.h"
#include "search/engine.h"
#include "search/pvs.h"

namespace leiser::search {
namespace {

constexpr int kDepth = 3;

SearchResult search(Searcher& searcher, int threads, const SearchOptions& options) {
  const kernel::Game game = kernel::Game::start(kernel::Edition::k2018);
  SearchLimits limits;
  limits.depth = kDepth;
  const std::atomic<bool> stop{false};
  return searcher.run(game, limits, {}, stop, threads, options);
}

SearchOptions exact() {
  SearchOptions options;
  options.exact = true;
  return options;
}

TEST(SplitOptions, EverySplitDepthAndPollIntervalFindsTheSerialScore) {
  if (Engine::max_threads() < 2) GTEST_SKIP() << "one hardware thread: no parallel search here";
  TranspositionTable tt(16);
  const EvalParams params;
  Searcher serial(tt, params);
  const SearchResult reference = search(serial, 1, exact());
  // min_split_depth 0 is raised to 2; intervals are rounded up to powers of two.
  for (const int split_depth : {0, 2, 3}) {
    for (const int interval : {1, 16, 1000}) {
      SearchOptions options = exact();
      options.min_split_depth = split_depth;
      options.abort_poll_interval = interval;
      Searcher parallel(tt, params);
      const SearchResult r = search(parallel, 2, options);
      EXPECT_EQ(r.score, reference.score)
          << "min_split_depth " << split_depth << " interval " << interval;
      // The root (depth 3) splits once its eldest move is searched.
      EXPECT_GT(parallel.split_stats().splits.load(), 0u) << "min_split_depth " << split_depth;
    }
  }
}

TEST(SplitOptions, NoNodeShallowerThanTheSplitDepthSplits) {
  if (Engine::max_threads() < 2) GTEST_SKIP() << "one hardware thread: no parallel search here";
  TranspositionTable tt(16);
  const EvalParams params;
  // Exact search extends no node beyond the root's depth (zap extensions
  // only keep a child at its parent's depth), so at depth 3 with the default
  // split depth of 4 nothing splits.
  static_assert(kDefaultMinSplitDepth > kDepth);
  Searcher searcher(tt, params);
  search(searcher, 2, exact());
  EXPECT_EQ(searcher.split_stats().splits.load(), 0u);
}

TEST(SplitOptions, AbortLatencyIsMeasuredOnlyWhenAskedFor) {
  if (Engine::max_threads() < 2) GTEST_SKIP() << "one hardware thread: no parallel search here";
  TranspositionTable tt(16);
  const EvalParams params;
  SearchOptions options = exact();
  options.min_split_depth = 2;
  Searcher unmeasured(tt, params);
  search(unmeasured, 2, options);
  EXPECT_GT(unmeasured.split_stats().splits.load(), 0u);
  EXPECT_EQ(unmeasured.split_stats().abort_notices.load(), 0u);
  EXPECT_EQ(unmeasured.split_stats().abort_latency_ns_sum.load(), 0u);
  EXPECT_EQ(unmeasured.split_stats().abort_latency_ns_max.load(), 0u);

  options.measure_abort_latency = true;
  Searcher measured(tt, params);
  search(measured, 2, options);
  const SplitStats& stats = measured.split_stats();
  EXPECT_LE(stats.abort_notices.load(), stats.tasks.load());
  // Timings: only their relation is checked.
  if (stats.abort_notices.load() > 0) {
    EXPECT_GE(stats.abort_latency_ns_max.load() * stats.abort_notices.load(),
              stats.abort_latency_ns_sum.load());
  }
}

TEST(SplitOptions, SplitDepthRisesAPlyPerDoublingBeyondFourThreads) {
  SearchOptions options;
  ASSERT_EQ(options.min_split_depth, 4);
  const std::pair<int, int> expected[] = {{1, 4}, {2, 4},  {3, 4},  {4, 4},  {5, 5}, {8, 5},
                                          {9, 6}, {16, 6}, {17, 7}, {32, 7}, {64, 8}};
  for (const auto& [threads, depth] : expected)
    EXPECT_EQ(split_depth_for(options, threads), depth) << threads << " threads";
  options.min_split_depth = 2;
  EXPECT_EQ(split_depth_for(options, 16), 4);
  options.split_depth_scaling = false;
  EXPECT_EQ(split_depth_for(options, 16), 2);
  options.min_split_depth = kMaxMinSplitDepth;
  options.split_depth_scaling = true;
  EXPECT_EQ(split_depth_for(options, 1024), kMaxMinSplitDepth);
}

}  // namespace
}  // namespace leiser::search
