// The tactics suites of tests/data (scripts/make_tactics.py) are data the
// strength report relies on: each must parse, cover every length it claims,
// and its short problems must really be forced King zaps. A dm n problem with
// n <= 2 is re-proven here by the exact search (plain alpha-beta with zap
// extensions and quiescence, no TT, no pruning, no reductions) to depth
// 2n - 1, which sees every line of the attacker's n moves.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "commands/solve_command.h"
#include "kernel/game.h"
#include "search/engine.h"

namespace {

using namespace leiser;

void check_suite(const std::string& name, kernel::Edition edition) {
  const auto suite = commands::read_tactics_file(std::string(LEISER_TACTICS_DIR) + "/" + name);
  ASSERT_TRUE(suite) << suite.error();
  std::map<int, int> by_length;
  for (const auto& problem : *suite) {
    EXPECT_EQ(problem.edition, edition) << problem.id;
    ++by_length[problem.mate_in];
  }
  // make_tactics keeps up to 15 per length; every length 1..4 is represented.
  for (int n = 1; n <= 4; ++n) EXPECT_GE(by_length[n], 5) << name << " dm " << n;

  search::Engine engine;
  ASSERT_FALSE(engine.set_option("threads", "1"));
  ASSERT_FALSE(engine.set_option("hash", "16"));
  engine.set_exact_search(true);
  int proven = 0;
  for (const auto& problem : *suite) {
    if (problem.mate_in > 2) continue;
    auto game = kernel::Game::from_fen(problem.fen, problem.edition);
    ASSERT_TRUE(game) << problem.id << ": " << game.error();
    engine.set_game(*game);
    search::SearchLimits limits;
    limits.depth = 2 * problem.mate_in - 1;
    const search::SearchResult result = engine.search(limits);
    EXPECT_TRUE(result.score > 0 && search::is_mate_score(result.score) &&
                search::mate_in_moves(result.score) <= problem.mate_in)
        << problem.id << " (" << problem.fen << "): score " << result.score << " at depth "
        << limits.depth;
    ++proven;
  }
  EXPECT_GE(proven, 10) << name;
}

TEST(TacticsSuites, Edition2016ShortMatesAreProven) {
  check_suite("tactics-2016.txt", kernel::Edition::k2016);
}
TEST(TacticsSuites, Edition2018ShortMatesAreProven) {
  check_suite("tactics-2018.txt", kernel::Edition::k2018);
}

}  // namespace
