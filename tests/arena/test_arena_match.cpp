// Whole matches through `leiserchess arena`: our engine against itself, and
// against fake engines that play an illegal move, crash, hang or dawdle.
// Every game record is replayed through the kernel to check the referee.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/arena.h"
#include "kernel/game.h"

namespace leiser::cli {
namespace {

using Args = std::vector<std::string>;

std::string real_engine(const std::string& name, const std::string& limits) {
  return "name=" + name + ",cmd=" + LEISER_EXECUTABLE + "," + limits;
}

// ArenaRun through bash so that the scripts need no executable bit.
std::string fake_engine(const std::string& script, const std::string& extra = "depth=1") {
  return "name=" + script + ",cmd=bash " + ARENA_FAKE_ENGINES_DIR + "/" + script + ".sh," + extra;
}

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "arena_" + name; }

struct PgnGame {
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;
};

// Reads back the records this arena writes (see cli/arena_pgn.h).
std::vector<PgnGame> read_pgn(const std::string& path) {
  std::ifstream in(path);
  std::vector<PgnGame> games;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("[Event ", 0) == 0) games.emplace_back();
    if (games.empty() || line.empty()) continue;
    if (line[0] == '[') {
      const std::size_t space = line.find(' ');
      games.back().tags[line.substr(1, space - 1)] = line.substr(space + 2, line.size() - space - 4);
      continue;
    }
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w.back() == '.' || w == "1-0" || w == "0-1" || w == "1/2-1/2") continue;
      games.back().moves.push_back(w);
    }
  }
  return games;
}

struct ArenaRun {
  int status = -1;
  std::string out;
  std::string err;
  std::vector<PgnGame> games;
};

ArenaRun run_arena(Args args, const std::string& pgn_name) {
  const std::string pgn = temp_path(pgn_name + ".pgn");
  std::remove(pgn.c_str());
  args.insert(args.end(), {"--pgn", pgn});
  std::ostringstream out, err;
  ArenaRun r;
  r.status = run_arena_command(args, out, err);
  r.out = out.str();
  r.err = err.str();
  r.games = read_pgn(pgn);
  return r;
}

// No child of ours is left, running or zombie.
bool no_children() { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

// Replays a record through the kernel: the moves must be legal from the FEN,
// and a game the rules ended must end exactly there with that result.
void expect_consistent(const PgnGame& g, kernel::Edition edition) {
  auto parsed = kernel::Game::from_fen(g.tags.at("FEN"), edition);
  ASSERT_TRUE(parsed) << parsed.error();
  kernel::Game* game = &parsed.value();
  ASSERT_TRUE(game->play_all(g.moves)) << "round " << g.tags.at("Round");
  EXPECT_EQ(std::to_string(g.moves.size()), g.tags.at("PlyCount"));
  if (g.tags.at("Termination") == "rules") {
    EXPECT_TRUE(game->is_over()) << "round " << g.tags.at("Round");
    EXPECT_EQ(std::string(kernel::result_score(game->result())), g.tags.at("Result"));
    EXPECT_EQ(std::string(kernel::result_reason(game->result())), g.tags.at("Reason"));
  } else {
    EXPECT_FALSE(game->is_over());
  }
}

std::string book_of_two() {
  const std::string path = temp_path("book.txt");
  std::ofstream(path) << "h4g5 a3a2 g3R a2a1 e1U b4R g5R d6U d0c1 e7e6\n"
                         "h4g5 a3a2 g3R b4R g5R d6U g5g6 e7U d0U a2b2\n";
  return path;
}

TEST(ArenaMatch, OurEngineAgainstItselfFinishesFairly) {
  const ArenaRun r = run_arena({"--engine", real_engine("d2", "depth=2"), "--engine",
                           real_engine("n500", "nodes=500"), "--edition", "2016", "--games", "4",
                           "--concurrency", "2", "--openings", book_of_two()},
                          "self");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Match: 4 of 4 games, edition 2016"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("d2 vs n500: W "), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("[4/4] d2: W "), std::string::npos) << r.err;
  ASSERT_EQ(r.games.size(), 4u);
  std::map<int, const PgnGame*> by_round;
  for (const PgnGame& g : r.games) {
    by_round[std::stoi(g.tags.at("Round"))] = &g;
    EXPECT_EQ(g.tags.at("Termination"), "rules") << g.tags.at("Reason");
    EXPECT_EQ(g.tags.at("OpeningPlies"), "10");
    expect_consistent(g, kernel::Edition::k2016);
  }
  // Each opening twice, colours reversed.
  for (int round : {1, 3}) {
    const PgnGame& a = *by_round.at(round);
    const PgnGame& b = *by_round.at(round + 1);
    EXPECT_EQ(a.tags.at("Tangerine"), b.tags.at("Lavender"));
    EXPECT_EQ(a.tags.at("Lavender"), b.tags.at("Tangerine"));
    EXPECT_EQ(std::vector<std::string>(a.moves.begin(), a.moves.begin() + 10),
              std::vector<std::string>(b.moves.begin(), b.moves.begin() + 10));
  }
  EXPECT_NE(by_round.at(1)->moves[9], by_round.at(3)->moves[9]);
  EXPECT_TRUE(no_children());
}

// Both games (one with each colour) are won by our engine, for `reason`.
void expect_fake_loses_both(const ArenaRun& r, const std::string& fake, const std::string& termination,
                            const std::string& reason) {
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 2u) << r.err;
  for (const PgnGame& g : r.games) {
    const bool fake_is_tangerine = g.tags.at("Tangerine") == fake;
    EXPECT_EQ(g.tags.at("Result"), fake_is_tangerine ? "0-1" : "1-0");
    EXPECT_EQ(g.tags.at("Termination"), termination);
    EXPECT_NE(g.tags.at("Reason").find(reason), std::string::npos) << g.tags.at("Reason");
    EXPECT_NE(g.tags.at("Reason").find(std::string(fake_is_tangerine ? "Tangerine" : "Lavender") +
                                       " (" + fake + ")"),
              std::string::npos)
        << g.tags.at("Reason");
    expect_consistent(g, kernel::Edition::k2016);
  }
  EXPECT_NE(r.out.find("W 2 D 0 L 0"), std::string::npos) << r.out;
  EXPECT_TRUE(no_children());
}

TEST(ArenaMatch, AnIllegalMoveLoses) {
  const ArenaRun r = run_arena({"--engine", real_engine("real", "depth=1"), "--engine",
                           fake_engine("illegal"), "--edition", "2016", "--games", "2"},
                          "illegal");
  expect_fake_loses_both(r, "illegal", "illegal move", "illegal move 'c4R'");
}

TEST(ArenaMatch, ACrashLosesAndTheEngineIsRestarted) {
  const ArenaRun r = run_arena({"--engine", real_engine("real", "depth=1"), "--engine",
                           fake_engine("crash_on_go"), "--edition", "2016", "--games", "2"},
                          "crash");
  expect_fake_loses_both(r, "crash_on_go", "crash", "crashed: exited with status 3");
  EXPECT_NE(r.out.find("Engine restarts: crash_on_go 1;"), std::string::npos) << r.out;
}

TEST(ArenaMatch, AHungEngineLosesAndIsKilled) {
  const auto start = std::chrono::steady_clock::now();
  const ArenaRun r = run_arena({"--engine", real_engine("real", "depth=1"), "--engine",
                           fake_engine("hang"), "--edition", "2016", "--games", "2", "--timeout",
                           "0.5"},
                          "hang");
  expect_fake_loses_both(r, "hang", "no answer", "did not answer 'go' within 500 ms");
  // 0.5 s to give up plus 1 s for `stop` to be ignored, per game.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_NE(r.out.find("Engine restarts: hang 1;"), std::string::npos) << r.out;
}

TEST(ArenaMatch, ASlowEngineLosesOnTime) {
  const ArenaRun r = run_arena({"--engine", real_engine("real", "depth=1"), "--engine",
                           fake_engine("slow", "tc=0.1"), "--edition", "2016", "--games", "2"},
                          "slow");
  expect_fake_loses_both(r, "slow", "time forfeit", "lost on time (100 ms left");
  // `slow` does answer `stop` (late), so it is never killed.
  EXPECT_EQ(r.out.find("Engine restarts"), std::string::npos) << r.out;
}

TEST(ArenaMatch, AgreedScoresAreAdjudicated) {
  const std::string game = "h4g5 a3a2 g3R a2a1 e1U b4R g5R d6U d0c1 e7e6";
  // Tangerine's engine says +300 for itself, Lavender's -300 for itself: both
  // see Tangerine ahead by 300, so from move 2 on the game is Tangerine's.
  const ArenaRun r = run_arena({"--engine", "name=up,cmd=bash " + std::string(ARENA_FAKE_ENGINES_DIR) +
                                           "/scripted.sh 300 " + game + ",depth=1",
                           "--engine", "name=down,cmd=bash " + std::string(ARENA_FAKE_ENGINES_DIR) +
                                           "/scripted.sh -300 " + game + ",depth=1",
                           "--edition", "2016", "--games", "1", "--adjudicate", "moves=2",
                           "score=300"},
                          "adjudicate");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags.at("Result"), "1-0");
  EXPECT_EQ(g.tags.at("Termination"), "adjudication");
  EXPECT_EQ(g.tags.at("Reason"),
            "adjudication: both engines score Tangerine ahead by at least 300 cp");
  EXPECT_EQ(g.moves, (std::vector<std::string>{"h4g5", "a3a2", "g3R", "a2a1"}));
  expect_consistent(g, kernel::Edition::k2016);
}

TEST(ArenaMatch, TheSprtStopsTheMatchWhenDecided) {
  // The fake moving first always forfeits, so the first engine scores 1 and
  // 0 alternately: every pair of games is even, far from elo1=200. The SPRT
  // runs on pairs, from the tenth on: by the pentanomial LLR of
  // cli/arena_stats.h (checked in test_arena_stats.cpp), ten even pairs
  // with fishtest's regularisation give -5401.80, below log(0.05/0.95).
  const ArenaRun r = run_arena({"--engine", fake_engine("illegal"), "--engine", fake_engine("crash_on_go"),
                           "--edition", "2016", "--games", "100", "--sprt", "elo0=0", "elo1=200",
                           "alpha=0.05", "beta=0.05"},
                          "sprt");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.games.size(), 20u);
  EXPECT_NE(r.out.find("Match: 20 of 100 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LLR -5401.80 [-2.94, 2.94]: H0 accepted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pairs 10, Ptnml(0-2) 0 0 10 0 0"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("[20/100] illegal: W 10 D 0 L 10"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Ptnml(0-2) 0 0 10 0 0  LLR -5401.80 [-2.94, 2.94]"), std::string::npos) << r.err;
  EXPECT_TRUE(no_children());
}

TEST(ArenaMatch, ThreeEnginesPlayARoundRobin) {
  const ArenaRun r = run_arena({"--engine", real_engine("d1", "depth=1"), "--engine",
                           real_engine("d2", "depth=2"), "--engine", fake_engine("illegal"),
                           "--edition", "2016", "--games", "2", "--concurrency", "3"},
                          "robin");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.games.size(), 6u);
  for (const char* pair : {"d1 vs d2: ", "d1 vs illegal: W 2 D 0 L 0", "d2 vs illegal: W 2 D 0 L 0"})
    EXPECT_NE(r.out.find(pair), std::string::npos) << pair << "\n" << r.out;
  for (const PgnGame& g : r.games) expect_consistent(g, kernel::Edition::k2016);
  EXPECT_TRUE(no_children());
}

TEST(ArenaMatch, EnginesThatCannotStartStopTheRunAtOnce) {
  std::ostringstream out, err;
  EXPECT_EQ(run_arena_command({"--engine", real_engine("real", "depth=1"), "--engine",
                               fake_engine("exit_at_start")},
                              out, err),
            1);
  EXPECT_NE(err.str().find("engine 'exit_at_start' failed to start: exited with status 1"),
            std::string::npos)
      << err.str();
  std::ostringstream out2, err2;
  EXPECT_EQ(run_arena_command({"--engine", real_engine("real", "depth=1"), "--engine",
                               "name=ghost,cmd=/no/such/engine,depth=1"},
                              out2, err2),
            1);
  EXPECT_NE(err2.str().find("engine 'ghost' failed to start"), std::string::npos) << err2.str();
  EXPECT_TRUE(no_children());
}

TEST(ArenaMatch, UsageErrorsAndHelp) {
  std::ostringstream out, err;
  EXPECT_EQ(run_arena_command({"--engine", "cmd=x"}, out, err), 2);
  EXPECT_NE(err.str().find("error: "), std::string::npos);
  std::ostringstream help_out, help_err;
  EXPECT_EQ(run_arena_command({"--help"}, help_out, help_err), 0);
  EXPECT_NE(help_out.str().find("usage: leiserchess arena"), std::string::npos);
}

TEST(ArenaMatch, TheOpeningsCommandWritesABook) {
  std::ostringstream out, err;
  ASSERT_EQ(run_openings_command({"--edition", "2016", "--plies", "6", "--count", "5", "--seed",
                                  "3"},
                                 out, err),
            0)
      << err.str();
  std::istringstream lines(out.str());
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    kernel::Game game = kernel::Game::start(kernel::Edition::k2016);
    std::istringstream words(line);
    std::vector<std::string> moves;
    for (std::string w; words >> w;) moves.push_back(w);
    EXPECT_EQ(moves.size(), 6u);
    EXPECT_TRUE(game.play_all(moves)) << line;
  }
  EXPECT_EQ(count, 5);
}

}  // namespace
}  // namespace leiser::cli
