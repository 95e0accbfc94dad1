// The protocol front end's input pieces on their own: reading lines of any
// size (cli/line_reader.h) and reading `go` (cli/go_command.h).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/go_command.h"
#include "cli/line_reader.h"

namespace leiser::cli {
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

GoRequest go(const std::string& text, kernel::Color side = kernel::Color::kTangerine) {
  std::istringstream in(text);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return parse_go(tokens, side);
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
  for (const char* text : {"go depth -1", "go nodes 0", "go fast", "go ponder", "go depth", "go searchmoves h0g1"}) {
    const GoRequest r = go(text);
    EXPECT_EQ(r.errors.size(), 1u) << text;
    EXPECT_EQ(r.limits.depth, 1) << text;
    EXPECT_NE(r.errors.back().find("(no limit left: answering at once, depth 1)"), std::string::npos) << text;
  }
}

TEST(GoCommand, AKeywordWhereANumberShouldBeIsTheNextParameter) {
  const GoRequest r = go("go depth movetime 100");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "go depth expects a number after it; ignored");
  EXPECT_EQ(r.limits.movetime_ms, 100);
}

TEST(GoCommand, UnsupportedParametersSayWhatIsDoneInstead) {
  const GoRequest mate = go("go mate 4");
  ASSERT_EQ(mate.errors.size(), 1u);
  EXPECT_EQ(mate.errors[0], "go mate is not supported yet; searching to depth 7 instead");
  EXPECT_EQ(mate.limits.depth, 7);
  const GoRequest moves = go("go searchmoves h0g1 g4L d5e4f5 depth 3");
  ASSERT_EQ(moves.errors.size(), 1u);
  EXPECT_EQ(moves.errors[0], "go searchmoves is not supported yet; searching every move");
  EXPECT_EQ(moves.limits.depth, 3);
  const GoRequest ponder = go("go ponder wtime 100 btime 100");
  ASSERT_EQ(ponder.errors.size(), 1u);
  EXPECT_EQ(ponder.limits.time_ms, 100);
}

TEST(GoCommand, HugeNumbersSaturate) {
  const GoRequest r = go("go movetime 99999999999999999999999 nodes 18446744073709551617");
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.limits.movetime_ms, 2147483647);
  EXPECT_EQ(r.limits.nodes, 9223372036854775807u);
}

}  // namespace
}  // namespace leiser::cli
