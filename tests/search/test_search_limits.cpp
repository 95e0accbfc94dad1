// Limits and `stop` reach every search thread (issue 13). Found by the
// protocol fuzzer: with 2 threads, `go nodes 1950` in a position of two Kings
// searched 53,210 nodes, because a parallel task (some 70 nodes) restarted
// the count that decides when a thread looks at the limits and the stop flag,
// so helper threads almost never looked.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

#include "kernel/game.h"
#include "search/engine.h"
#include "search/pvs.h"
#include "search/tt.h"
#include "tests/support/hang_bound.h"

namespace leiser::search {
namespace {

// A thread looks at the limits every 1024 of its nodes.
constexpr std::uint64_t kPollSlack = 1024;

TEST(SearchLimits, ANodeLimitHoldsWithTwoThreads) {
  if (Engine::max_threads() < 2) GTEST_SKIP() << "one hardware thread: no parallel search here";
  for (const char* fen :
       {"8/8/8/8/8/4nn3/8/2WW5 B", "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W"}) {
    for (const std::uint64_t limit : {1950u, 20000u}) {
      Engine engine;
      ASSERT_FALSE(engine.set_option("threads", "2").has_value());
      engine.set_game(kernel::Game::from_fen(fen, kernel::Edition::k2018).value());
      SearchLimits limits;
      limits.nodes = limit;
      const SearchResult r = engine.search(limits);
      // Each of the two threads may run up to kPollSlack nodes past the limit before it
      // looks, and work under way when the stop is seen still finishes: overshoots of
      // 3,090 (limit 1,950) and 4,399 (limit 20,000) were seen on a 2-vCPU machine.
      // Before the per-thread poll count, 'go nodes 1950' searched 53,210 nodes.
      EXPECT_LE(r.nodes, limit + 8 * kPollSlack) << fen << " nodes " << limit;
      EXPECT_NE(r.best_move, kernel::Move::none());
    }
  }
}

TEST(SearchLimits, AStopAlreadyGivenEndsTheSearchAfterDepthOne) {
  // A `go` with a `stop` right behind it: the flag is up before the search
  // starts. Depth 1 (some 70 nodes from the start position) is searched for
  // a move worth playing, and no deeper iteration starts; before, depths 2
  // and 3 ran on to the first poll of the flag, at 1024 nodes.
  TranspositionTable tt(16);
  const EvalParams params;
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    for (const int threads : {1, 2}) {
      Searcher searcher(tt, params);
      SearchLimits limits;
      limits.infinite = true;
      const std::atomic<bool> stop{true};
      const SearchResult r =
          searcher.run(kernel::Game::start(edition), limits, {}, stop, threads, SearchOptions{});
      EXPECT_EQ(r.depth, 1) << kernel::edition_name(edition) << ", " << threads << " threads";
      EXPECT_LT(r.nodes, kPollSlack);
      EXPECT_NE(r.best_move, kernel::Move::none());
    }
  }
}

TEST(SearchLimits, StopReachesEveryThreadAtOnce) {
  if (Engine::max_threads() < 2) GTEST_SKIP() << "one hardware thread: no parallel search here";
  Engine engine;
  ASSERT_FALSE(engine.set_option("threads", "2").has_value());
  std::atomic<bool> done{false};
  std::chrono::steady_clock::time_point finished;
  SearchLimits limits;
  limits.infinite = true;
  engine.start(limits, {}, [&](const SearchResult&) {
    finished = std::chrono::steady_clock::now();
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto asked = std::chrono::steady_clock::now();
  engine.stop();
  engine.wait();
  ASSERT_TRUE(done);
  const double ms = std::chrono::duration<double, std::milli>(finished - asked).count();
  std::cout << "stop with 2 threads: bestmove after " << ms << " ms\n";
  // A hang detector (PROTOCOL.md asks for 10 ms; scripts/latency_report.py
  // measures it through the protocol): a thread that never saw the stop
  // would search on forever.
  EXPECT_LT(ms, static_cast<double>(test::hang_bound(std::chrono::milliseconds(20000)).count()));
}

}  // namespace
}  // namespace leiser::search
