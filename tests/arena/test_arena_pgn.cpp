// Game records: tags, numbered moves, wrapping, escaping.
#include <gtest/gtest.h>

#include "cli/arena_pgn.h"

namespace leiser::cli::arena {
namespace {

TEST(ArenaPgn, RecordHasStartMovesResultAndReason) {
  GameRecord g;
  g.tangerine = "new";
  g.lavender = "old \"quoted\"";
  g.start_fen = "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W";
  g.moves = {"h4g5", "a3a2", "g3R"};
  g.opening_plies = 2;
  g.winner = Winner::kLavender;
  g.termination = Termination::kIllegalMove;
  g.reason = "Tangerine (new) forfeits: illegal move 'c4R'";
  PgnTags tags;
  tags.round = 7;
  tags.edition = kernel::Edition::k2016;
  tags.tangerine_limits = "10+0.1";
  tags.lavender_limits = "depth=2";
  const std::string text = format_game_record(g, tags);
  EXPECT_NE(text.find("[Round \"7\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Tangerine \"new\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Lavender \"old \\\"quoted\\\"\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Edition \"2016\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[FEN \"" + g.start_fen + "\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[OpeningPlies \"2\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Result \"0-1\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Termination \"illegal move\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Reason \"Tangerine (new) forfeits: illegal move 'c4R'\"]\n"),
            std::string::npos);
  EXPECT_NE(text.find("\n\n1. h4g5 a3a2 2. g3R 0-1\n\n"), std::string::npos);
}

TEST(ArenaPgn, LongGamesWrapBelowEightyColumns) {
  GameRecord g;
  g.start_fen = "ss7/8/8/8/8/8/8/7NN W";
  for (int i = 0; i < 100; ++i) g.moves.push_back(i % 2 ? "a7R" : "h0L");
  const std::string text = format_game_record(g, PgnTags{});
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = text.find('\n', begin);
    EXPECT_LT(end - begin, 80u);
    begin = end + 1;
  }
  EXPECT_NE(text.find("50. h0L a7R 1/2-1/2\n"), std::string::npos);
}

TEST(ArenaPgn, LimitsDescription) {
  EngineSpec spec;
  EXPECT_EQ(describe_limits(spec), "none");
  spec.tc = TimeControl{10000, 100};
  EXPECT_EQ(describe_limits(spec), "10+0.1");
  spec.depth = 4;
  EXPECT_EQ(describe_limits(spec), "10+0.1,depth=4");
  spec.tc.reset();
  spec.depth = 0;
  spec.nodes = 2000;
  EXPECT_EQ(describe_limits(spec), "nodes=2000");
}

}  // namespace
}  // namespace leiser::cli::arena
