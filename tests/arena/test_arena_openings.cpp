// Opening books: reading (every line checked by the kernel) and generating
// balanced random openings.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/arena_openings.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "search/evaluate.h"

namespace leiser::cli::arena {
namespace {

using kernel::Edition;

TEST(ArenaOpenings, ReadsLinesSkippingBlanksAndComments) {
  std::istringstream in(
      "# a comment\n"
      "h4g5 a3a2 g3R a2a1\n"
      "\n"
      "  h4g5   a3a2\r\n");
  auto book = read_openings(in, Edition::k2016, true);
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->size(), 2u);
  EXPECT_EQ(format_opening((*book)[0]), "h4g5 a3a2 g3R a2a1");
  EXPECT_EQ(format_opening((*book)[1]), "h4g5 a3a2");
}

TEST(ArenaOpenings, ABadLineIsReportedWithItsNumber) {
  std::istringstream in("h4g5 a3a2\nh4g5 c4R\n");
  auto book = read_openings(in, Edition::k2016, true);
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find("line 2: "), std::string::npos) << book.error();
  EXPECT_NE(book.error().find("c4R"), std::string::npos) << book.error();
  std::istringstream empty("# nothing\n");
  EXPECT_FALSE(read_openings(empty, Edition::k2016, true));
  EXPECT_FALSE(load_openings("/nonexistent/book.txt", Edition::k2016, true));
}

TEST(ArenaOpenings, TheSharedBookIsValid2016) {
  const std::string path = ARENA_BOOK_2016;
  if (!std::ifstream(path)) GTEST_SKIP() << "no " << path;
  auto book = load_openings(path, Edition::k2016, true);
  ASSERT_TRUE(book) << book.error();
  EXPECT_EQ(book->size(), 100u);
  for (const Opening& o : *book) EXPECT_EQ(o.size(), 10u);
}

TEST(ArenaOpenings, GeneratedOpeningsAreBalancedDistinctAndReproducible) {
  OpeningGeneratorConfig config;
  config.edition = Edition::k2016;
  config.plies = 8;
  config.count = 12;
  config.max_eval_cp = 100;
  config.seed = 42;
  auto first = generate_openings(config);
  ASSERT_TRUE(first) << first.error();
  ASSERT_EQ(first->size(), 12u);
  auto again = generate_openings(config);
  ASSERT_TRUE(again);
  EXPECT_EQ(*first, *again);
  config.seed = 43;
  auto other = generate_openings(config);
  ASSERT_TRUE(other);
  EXPECT_NE(*first, *other);

  std::set<std::string> finals;
  for (const Opening& o : *first) {
    ASSERT_EQ(o.size(), 8u);
    kernel::Game game = kernel::Game::start(Edition::k2016);
    ASSERT_TRUE(game.play_all(o)) << format_opening(o);
    EXPECT_FALSE(game.is_over());
    EXPECT_LE(std::abs(search::evaluate(game.position(), search::EvalParams{})), 100);
    EXPECT_TRUE(finals.insert(kernel::to_fen(game.position())).second);
  }
  // The output is a valid book.
  std::string text;
  for (const Opening& o : *first) text += format_opening(o) + "\n";
  std::istringstream in(text);
  auto book = read_openings(in, Edition::k2016, true);
  ASSERT_TRUE(book) << book.error();
  EXPECT_EQ(*book, *first);
}

TEST(ArenaOpenings, AnImpossibleRequestFailsInsteadOfSpinning) {
  OpeningGeneratorConfig config;
  config.plies = 0;  // only the start position exists, once
  config.count = 2;
  auto openings = generate_openings(config);
  ASSERT_FALSE(openings);
  EXPECT_NE(openings.error().find("found only 1 of 2"), std::string::npos) << openings.error();
}

}  // namespace
}  // namespace leiser::cli::arena
