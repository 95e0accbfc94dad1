// The engine protocol end to end: the `leiserchess` executable is driven
// through pipes, as a match runner would drive it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Session {
  int status;
  std::vector<std::string> lines;
  bool has(const std::string& line) const {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
  }
  bool has_prefix(const std::string& prefix) const { return index_of_prefix(prefix) >= 0; }
  int index_of_prefix(const std::string& prefix, int from = 0) const {
    for (int i = from; i < static_cast<int>(lines.size()); ++i)
      if (lines[i].rfind(prefix, 0) == 0) return i;
    return -1;
  }
  int count_prefix(const std::string& prefix) const {
    int n = 0;
    for (const auto& l : lines) n += l.rfind(prefix, 0) == 0;
    return n;
  }
};

// Feeds `input` to the engine's standard input and collects what it prints.
Session run_engine(const std::string& input) {
  const std::string in_path = ::testing::TempDir() + "protocol_in.txt";
  const std::string out_path = ::testing::TempDir() + "protocol_out.txt";
  std::ofstream(in_path) << input;
  const std::string command =
      std::string("'") + LEISER_EXECUTABLE + "' < '" + in_path + "' > '" + out_path + "' 2>&1";
  const int status = std::system(command.c_str());
  Session s{status, {}};
  std::ifstream out(out_path);
  std::string line;
  while (std::getline(out, line)) s.lines.push_back(line);
  return s;
}

TEST(Protocol, UciListsRequiredOptions) {
  const Session s = run_engine("uci\nquit\n");
  EXPECT_EQ(s.status, 0);
  EXPECT_TRUE(s.has_prefix("id name leiserchess"));
  for (const char* option : {"hash", "threads", "edition", "use_ko", "pbetween", "pcentral",
                             "kface", "kaggressive", "hattack", "mobility", "pawnpin"})
    EXPECT_TRUE(s.has_prefix(std::string("option name ") + option + " type ")) << option;
  EXPECT_TRUE(s.has_prefix("option name simd type combo default "));
  EXPECT_EQ(s.lines.back(), "uciok");
}

TEST(Protocol, SimdOptionSelectsAnImplementationOrSaysWhyNot) {
  const Session s =
      run_engine("setoption name simd value scalar\nsetoption name simd value sse9\nuci\nquit\n");
  EXPECT_TRUE(s.has_prefix("info string error: unknown SIMD implementation 'sse9'"));
  EXPECT_TRUE(s.has_prefix("id name leiserchess"));
  EXPECT_NE(s.lines[s.index_of_prefix("id name")].find("(simd scalar)"), std::string::npos);
}

TEST(Protocol, BadInputGivesOneErrorLineAndTheEngineKeepsGoing) {
  const Session s = run_engine(
      "frobnicate\n"
      "setoption name hash value 0\n"
      "setoption name nosuch value 1\n"
      "setoption name edition value 2017\n"
      "position fen ss7/8/8 W\n"
      "position startpos moves h0R h0h0\n"
      "position sideways\n"
      "go depth x\n"
      "perft zero\n"
      "move a7a6\n"
      "perft 21\n"
      "go nodes 0\n"
      "isready\n");
  EXPECT_EQ(s.status, 0);
  EXPECT_EQ(s.count_prefix("info string error: "), 12);
  // A `go` always ends in a `bestmove`, even after an error in its tokens.
  EXPECT_EQ(s.count_prefix("bestmove"), 2);
  EXPECT_TRUE(s.has("info string error: unknown command 'frobnicate' (try 'help')"));
  // Answered at once, even while a `go` is still searching.
  EXPECT_EQ(s.count_prefix("readyok"), 1);
}

TEST(Protocol, GoPrintsInfoAndExactlyOneLegalBestmove) {
  // The end of input lets the search finish; `quit` would end it at once.
  const Session s = run_engine("position startpos moves h0R\ngo depth 4\nposition startpos\n");
  EXPECT_EQ(s.count_prefix("bestmove "), 1);
  EXPECT_TRUE(s.has_prefix("info depth 4 seldepth "));
  const int info = s.index_of_prefix("info depth 1 ");
  ASSERT_GE(info, 0);
  EXPECT_NE(s.lines[info].find(" score cp "), std::string::npos);
  EXPECT_NE(s.lines[info].find(" nodes "), std::string::npos);
  EXPECT_NE(s.lines[info].find(" pv "), std::string::npos);
}

TEST(Protocol, IsreadyAndStopAreAnsweredDuringASearch) {
  const Session s = run_engine("go infinite\nisready\nstop\nisready\nquit\n");
  const int ready = s.index_of_prefix("readyok");
  const int best = s.index_of_prefix("bestmove ");
  ASSERT_GE(ready, 0);
  ASSERT_GE(best, 0);
  EXPECT_LT(ready, best) << "isready must be answered while the search runs";
  EXPECT_EQ(s.count_prefix("bestmove "), 1);
  EXPECT_EQ(s.count_prefix("readyok"), 2);
}

TEST(Protocol, QuitDuringASearchExits) {
  const Session s = run_engine("go infinite\nquit\n");
  EXPECT_EQ(s.status, 0);
}

TEST(Protocol, PerftEvalDisplayAndMove) {
  const Session s = run_engine(
      "setoption name edition value 2016\n"
      "setoption name Eval value classic\n"  // the course's terms, itemised
      "position fen 6sw1/4ee1NW1/1NW3SE2/2se1NE3/8/8/EE4nw2/NE7 B\n"
      "eval\n"
      "setoption name pawnpin value 0\n"
      "eval\n"
      "position startpos\n"
      "perft 3\n"
      "move h0h1\n"
      "display\n"
      "position endgame\n"
      "perft 1\n");  // the end of input lets perft finish; `quit` would stop it
  EXPECT_TRUE(s.has("info string eval HATTACK white 7200 black 3600"));
  EXPECT_TRUE(s.has("info score cp -354"));
  EXPECT_TRUE(s.has("info score cp -274"));
  EXPECT_TRUE(s.has("perft 3 281474"));
  EXPECT_TRUE(s.has_prefix("edition 2016, Lavender to move"));
  // Two Kings alone: 3 rotations + 3 shifts for the corner King (2016: plus
  // no null move, which would zap nothing).
  EXPECT_TRUE(s.has("perft 1 6"));
}

TEST(Protocol, WindowsLineEndsAndStandardUciClockSpellings) {
  const Session s =
      run_engine("position startpos\r\ngo wtime 1000 btime 1000 winc 10 binc 10\r\nquit\r\n");
  EXPECT_EQ(s.count_prefix("bestmove "), 1);
  EXPECT_EQ(s.count_prefix("info string error"), 0);
}

}  // namespace
