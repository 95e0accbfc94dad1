// The protocol front end's input pieces on their own: reading lines of any
// size (commands/line_reader.h) and reading `go` (commands/go_command.h).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "commands/go_command.h"
#include "commands/line_reader.h"
#include "kernel/notation.h"

namespace leiser::commands {
namespace {

std::vector<InputLine> read_all(const std::string& text, std::size_t max_bytes = kMaxLineBytes) {
  std::istringstream in(text);
  std::vector<InputLine> lines;
  for (InputLine line; read_line(in, line, max_bytes);) lines.push_back(line);
  return lines;
}

TEST(LineReader, SplitsAtNewlinesAndDropsCarriageReturns) {
  const auto lines = read_all("uci\r\n\nisready\nlast without newline");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].text, "uci");
  EXPECT_EQ(lines[1].text, "");
  EXPECT_EQ(lines[2].text, "isready");
  EXPECT_EQ(lines[3].text, "last without newline");
  EXPECT_FALSE(lines[3].too_long());
  EXPECT_TRUE(read_all("").empty());
}

TEST(LineReader, LinesAroundItsBufferSizeAreWhole) {
  // The reader fills a 4096-byte buffer: lines of 4095, 4096 and 4097 bytes
  // (and binary bytes, NUL included) come back whole.
  for (std::size_t size : {4094u, 4095u, 4096u, 4097u, 8191u, 8192u, 100000u}) {
    std::string text(size, 'a');
    text[size / 2] = '\0';
    text[size / 3] = '\xff';
    const auto lines = read_all(text + "\nnext\n");
    ASSERT_EQ(lines.size(), 2u) << size;
    EXPECT_EQ(lines[0].text, text) << size;
    EXPECT_EQ(lines[0].full_size, size);
    EXPECT_EQ(lines[1].text, "next") << size;
  }
}

TEST(LineReader, ALineOverTheLimitIsCutAndMeasured) {
  const auto lines = read_all(std::string(10000, 'x') + "\r\nok\n", 100);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].too_long());
  EXPECT_EQ(lines[0].text, std::string(100, 'x'));
  EXPECT_EQ(lines[0].full_size, 10001u);  // the '\r' of a line that is cut is not looked at
  EXPECT_EQ(lines[1].text, "ok");
  EXPECT_FALSE(lines[1].too_long());
}

// The start position with `side` to move (Lavender: after Tangerine's first move).
kernel::Game game_with(kernel::Color side) {
  kernel::Game game = kernel::Game::start(kernel::kDefaultEdition);
  if (side == kernel::Color::kLavender) (void)game.play(game.legal_moves()[0]);
  return game;
}

GoRequest go(const std::string& text, kernel::Color side = kernel::Color::kTangerine) {
  std::istringstream in(text);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return parse_go(tokens, game_with(side));
}

TEST(GoCommand, ReadsEveryLimit) {
  const GoRequest r = go("go depth 7 nodes 5000 movetime 300 movestogo 20");
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.limits.depth, 7);
  EXPECT_EQ(r.limits.nodes, 5000u);
  EXPECT_EQ(r.limits.movetime_ms, 300);
  const GoRequest clocks = go("GO WTIME 1000 BTIME 2000 WINC 10 BINC 20", kernel::Color::kLavender);
  EXPECT_TRUE(clocks.errors.empty());
  EXPECT_EQ(clocks.limits.time_ms, 2000);
  EXPECT_EQ(clocks.limits.increment_ms, 20);
  EXPECT_TRUE(go("go infinite").limits.infinite);
  // A plain `go` has no limit and no error: it searches until `stop`.
  const GoRequest plain = go("go");
  EXPECT_TRUE(plain.errors.empty());
  EXPECT_EQ(plain.limits.depth, 0);
  EXPECT_FALSE(plain.limits.has_time_limit());
}

TEST(GoCommand, AClockBelowZeroIsAnEmptyClock) {
  const GoRequest r = go("go wtime -50 btime 100");
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.limits.time_ms, 0);
}

TEST(GoCommand, ABadTokenIsSkippedAndTheRestKept) {
  const GoRequest r = go("go depth abc nodes 100 bogus movetime -5");
  ASSERT_EQ(r.errors.size(), 3u);
  EXPECT_EQ(r.errors[0], "go depth expects a whole number >= 1, got 'abc'; ignored");
  EXPECT_EQ(r.errors[1], "unknown go parameter 'bogus'; ignored");
  EXPECT_EQ(r.errors[2], "go movetime expects a whole number >= 1, got '-5'; ignored");
  EXPECT_EQ(r.limits.depth, 0);
  EXPECT_EQ(r.limits.nodes, 100u);
  EXPECT_EQ(r.limits.movetime_ms, 0);
}

TEST(GoCommand, NothingUnderstoodAfterAnErrorAnswersAtOnce) {
  for (const char* text :
       {"go depth -1", "go nodes 0", "go fast", "go depth", "go searchmoves zz9"}) {
    const GoRequest r = go(text);
    EXPECT_EQ(r.errors.size(), 1u) << text;
    EXPECT_EQ(r.limits.depth, 1) << text;
    EXPECT_NE(r.errors.back().find("(no limit left: answering at once, depth 1)"),
              std::string::npos)
        << text;
  }
}

TEST(GoCommand, AKeywordWhereANumberShouldBeIsTheNextParameter) {
  const GoRequest r = go("go depth movetime 100");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "go depth expects a number after it; ignored");
  EXPECT_EQ(r.limits.movetime_ms, 100);
}

TEST(GoCommand, PonderKeepsTheClockForThePonderhit) {
  const GoRequest ponder = go("go ponder wtime 100 btime 100");
  EXPECT_TRUE(ponder.errors.empty());
  EXPECT_TRUE(ponder.limits.ponder);
  EXPECT_EQ(ponder.limits.time_ms, 100);
  // Alone it ponders until ponderhit or stop; no error, no depth 1.
  const GoRequest alone = go("go ponder");
  EXPECT_TRUE(alone.errors.empty());
  EXPECT_TRUE(alone.limits.ponder);
  EXPECT_EQ(alone.limits.depth, 0);
  EXPECT_FALSE(go("go depth 3").limits.ponder);
}

TEST(GoCommand, MateSetsTheGoalAndAloneADepthThatEnds) {
  const GoRequest alone = go("go mate 4");
  EXPECT_TRUE(alone.errors.empty());
  EXPECT_EQ(alone.limits.mate, 4);
  EXPECT_EQ(alone.limits.depth, 10);  // 2 * 4 - 1 plies and 3 to spare
  EXPECT_EQ(mate_search_depth(1), 4);
  EXPECT_EQ(mate_search_depth(1000000), search::kMaxDepth);
  // Other limits bound it as they are.
  const GoRequest timed = go("go mate 2 movetime 500");
  EXPECT_TRUE(timed.errors.empty());
  EXPECT_EQ(timed.limits.mate, 2);
  EXPECT_EQ(timed.limits.depth, 0);
  EXPECT_EQ(timed.limits.movetime_ms, 500);
  const GoRequest bad = go("go mate 0 depth 3");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0], "go mate expects a whole number >= 1, got '0'; ignored");
  EXPECT_EQ(bad.limits.mate, 0);
}

TEST(GoCommand, SearchmovesKeepsTheLegalMovesAndReportsEachBadOne) {
  const kernel::Game start = game_with(kernel::Color::kTangerine);
  const kernel::MoveList legal = start.legal_moves();
  const std::string first = kernel::move_to_string(legal[0]);
  const std::string second = kernel::move_to_string(legal[1]);
  const GoRequest r =
      go("go searchmoves " + second + " zz9 " + first + " " + second + " a0a7 depth 3");
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0].rfind("go searchmoves: ", 0), 0u) << r.errors[0];
  EXPECT_NE(r.errors[0].find("'zz9'"), std::string::npos) << r.errors[0];
  EXPECT_NE(r.errors[1].find("'a0a7'"), std::string::npos) << r.errors[1];
  EXPECT_EQ(r.errors[1].substr(r.errors[1].size() - 9), "; ignored");
  // In the order given, each once; the depth after the list still counts.
  EXPECT_EQ(r.limits.searchmoves, (std::vector<kernel::Move>{legal[1], legal[0]}));
  EXPECT_EQ(r.limits.depth, 3);

  const GoRequest none = go("go searchmoves a0a7 depth 2");
  ASSERT_EQ(none.errors.size(), 1u);
  EXPECT_NE(none.errors[0].find("'a0a7'"), std::string::npos) << none.errors[0];
  EXPECT_NE(none.errors[0].find("; ignored (no legal move left: searching every move)"),
            std::string::npos)
      << none.errors[0];
  EXPECT_TRUE(none.limits.searchmoves.empty());
  EXPECT_EQ(none.limits.depth, 2);

  const GoRequest empty = go("go searchmoves depth 2");
  ASSERT_EQ(empty.errors.size(), 1u);
  EXPECT_EQ(empty.errors[0], "go searchmoves expects moves after it; searching every move");
  EXPECT_EQ(empty.limits.depth, 2);
}

TEST(GoCommand, HugeNumbersSaturate) {
  const GoRequest r = go("go movetime 99999999999999999999999 nodes 18446744073709551617");
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.limits.movetime_ms, 2147483647);
  EXPECT_EQ(r.limits.nodes, 9223372036854775807u);
}

}  // namespace
}  // namespace leiser::commands
