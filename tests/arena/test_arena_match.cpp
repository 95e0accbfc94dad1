// Whole matches through `leiserchess arena`: our engine against itself, and
// against fake engines that play an illegal move, crash, hang or dawdle.
// Every game record is replayed through the kernel to check the referee.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arena/openings.h"
#include "arena/pgn.h"
#include "arena/process.h"
#include "commands/arena_command.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "tests/support/hang_bound.h"

namespace leiser::commands {
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

// The records the arena wrote, read back with its own reader (which
// test_arena_pgn.cpp checks on hand-written PGN).
std::vector<arena::PgnGame> read_records(const std::string& path) {
  std::ifstream in(path);
  auto games = arena::read_pgn(in);
  EXPECT_TRUE(games) << games.error();
  return games ? *games : std::vector<arena::PgnGame>{};
}
using PgnGame = arena::PgnGame;

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
  r.games = read_records(pgn);
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
  const ArenaRun r = run_arena(
      {"--engine", real_engine("d2", "depth=2"), "--engine", real_engine("n500", "nodes=500"),
       "--edition", "2016", "--games", "4", "--concurrency", "2", "--openings", book_of_two()},
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
void expect_fake_loses_both(const ArenaRun& r, const std::string& fake,
                            const std::string& termination, const std::string& reason) {
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
  const ArenaRun r =
      run_arena({"--engine", real_engine("real", "depth=1"), "--engine", fake_engine("hang"),
                 "--edition", "2016", "--games", "2", "--timeout", "0.5"},
                "hang");
  expect_fake_loses_both(r, "hang", "no answer", "did not answer 'go' within 500 ms");
  // 0.5 s to give up plus 1 s for `stop` to be ignored, per game; the bound
  // is a hang detector (a hung engine that was waited for would never end).
  EXPECT_LT(std::chrono::steady_clock::now() - start,
            test::hang_bound(std::chrono::milliseconds(60000)));
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
  const ArenaRun r =
      run_arena({"--engine",
                 "name=up,cmd=bash " + std::string(ARENA_FAKE_ENGINES_DIR) + "/scripted.sh 300 " +
                     game + ",depth=1",
                 "--engine",
                 "name=down,cmd=bash " + std::string(ARENA_FAKE_ENGINES_DIR) +
                     "/scripted.sh -300 " + game + ",depth=1",
                 "--edition", "2016", "--games", "1", "--adjudicate", "moves=2", "score=300"},
                "adjudicate");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags.at("Result"), "1-0");
  EXPECT_EQ(g.tags.at("Termination"), "adjudication");
  EXPECT_EQ(g.tags.at("Reason"),
            "adjudication: both engines scored Tangerine ahead by at least 300 cp for 1 move each");
  EXPECT_EQ(g.moves, (std::vector<std::string>{"h4g5", "a3a2", "g3R", "a2a1"}));
  expect_consistent(g, kernel::Edition::k2016);
}

TEST(ArenaMatch, TheSprtStopsTheMatchWhenDecided) {
  // The fake moving first always forfeits, so the first engine scores 1 and
  // 0 alternately: every pair of games is even, far from elo1=200. The SPRT
  // runs on pairs, from the tenth on: by the pentanomial LLR of
  // arena/stats.h (checked in test_arena_stats.cpp), ten even pairs
  // with fishtest's regularisation give -5401.80, below log(0.05/0.95).
  const ArenaRun r = run_arena(
      {"--engine", fake_engine("illegal"), "--engine", fake_engine("crash_on_go"), "--edition",
       "2016", "--games", "100", "--sprt", "elo0=0", "elo1=200", "alpha=0.05", "beta=0.05"},
      "sprt");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.games.size(), 20u);
  EXPECT_NE(r.out.find("Match: 20 of 100 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LLR -5401.80 [-2.94, 2.94]: H0 accepted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pairs 10, Ptnml(0-2) 0 0 10 0 0"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("[20/100] illegal: W 10 D 0 L 10"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Ptnml(0-2) 0 0 10 0 0  LLR -5401.80 [-2.94, 2.94]"), std::string::npos)
      << r.err;
  EXPECT_TRUE(no_children());
}

TEST(ArenaMatch, ThreeEnginesPlayARoundRobin) {
  const ArenaRun r = run_arena({"--engine", real_engine("d1", "depth=1"), "--engine",
                                real_engine("d2", "depth=2"), "--engine", fake_engine("illegal"),
                                "--edition", "2016", "--games", "2", "--concurrency", "3"},
                               "robin");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.games.size(), 6u);
  for (const char* pair :
       {"d1 vs d2: ", "d1 vs illegal: W 2 D 0 L 0", "d2 vs illegal: W 2 D 0 L 0"})
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
  ASSERT_EQ(run_openings_command(
                {"--edition", "2016", "--plies", "6", "--count", "5", "--seed", "3"}, out, err),
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

// --- Opening books: FEN and EPD, shuffling, the warning without a book ---

// A legal game of `plies` moves from the 2016 start position that the rules
// do not end: at each ply the first legal move that leads to a new board
// and does not end the game.
std::vector<std::string> long_game(int plies) {
  kernel::Game game = kernel::Game::start(kernel::Edition::k2016);
  std::set<std::string> seen{kernel::to_fen(game.position())};
  std::vector<std::string> moves;
  while (static_cast<int>(moves.size()) < plies) {
    bool moved = false;
    for (const kernel::Move m : game.legal_moves()) {
      kernel::Game next = game;
      next.play(m);
      if (next.is_over() || seen.count(kernel::to_fen(next.position()))) continue;
      seen.insert(kernel::to_fen(next.position()));
      moves.push_back(kernel::move_to_string(m));
      game = next;
      moved = true;
      break;
    }
    if (!moved) ADD_FAILURE() << "no new position after " << moves.size() << " plies";
    if (!moved) break;
  }
  return moves;
}

std::string fen_after(const std::vector<std::string>& moves) {
  kernel::Game game = kernel::Game::start(kernel::Edition::k2016);
  EXPECT_TRUE(game.play_all(moves));
  return kernel::to_fen(game.position());
}

// The raw text of a PGN file, for what the reader drops (comments).
std::string file_text(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(ArenaMatch, FenAndEpdBooksStartFromTheirPositions) {
  // The start position with Lavender to move, and a position after four
  // plies as an EPD line with an id and another operation.
  std::string lavender_first = std::string(kernel::start_fen(kernel::Edition::k2016));
  lavender_first.back() = 'B';
  const std::string epd_fen = fen_after({"h4g5", "a3a2", "g3R", "a2a1"});
  const std::string book = temp_path("book.epd");
  std::ofstream(book) << "# positions\n"
                      << lavender_first << "\n"
                      << epd_fen << " id \"four plies\"; c0 \"a comment; with a semicolon\";\n";
  const ArenaRun r =
      run_arena({"--engine", real_engine("d1", "depth=1"), "--engine",
                 real_engine("n300", "nodes=300"), "--edition", "2016", "--openings", book},
                "epd");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 4u) << r.err;
  EXPECT_EQ(r.err.find("warning: no --openings"), std::string::npos);
  for (const PgnGame& g : r.games) {
    const int round = std::stoi(g.tags.at("Round"));
    EXPECT_EQ(g.tags.at("FEN"), round <= 2 ? lavender_first : epd_fen) << round;
    EXPECT_EQ(g.tags.at("OpeningPlies"), "0");
    EXPECT_EQ(g.tags.count("Opening"), round <= 2 ? 0u : 1u);
    if (round > 2) {
      EXPECT_EQ(g.tags.at("Opening"), "four plies");
    }
    // An engine that was sent the wrong position would play illegal moves.
    EXPECT_EQ(g.tags.at("Termination"), "rules") << g.tags.at("Reason");
    expect_consistent(g, kernel::Edition::k2016);
  }
  EXPECT_NE(file_text(temp_path("epd.pgn")).find("\n1... "), std::string::npos);
}

TEST(ArenaMatch, WithoutABookAWarningSaysSo) {
  const ArenaRun r = run_arena({"--engine", fake_engine("illegal"), "--engine",
                                fake_engine("crash_on_go"), "--edition", "2016"},
                               "nobook");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: no --openings: every game starts from the start position"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.games.size(), 2u);
}

// The four-ply openings of a generated book, and the file holding them.
std::vector<arena::Opening> four_openings(const std::string& path) {
  arena::OpeningGeneratorConfig config;
  config.edition = kernel::Edition::k2016;
  config.plies = 4;
  config.count = 4;
  config.seed = 11;
  auto book = arena::generate_openings(config);
  EXPECT_TRUE(book) << book.error();
  std::ofstream out(path);
  for (const arena::Opening& o : *book) out << arena::format_opening(o) << "\n";
  return *book;
}

std::vector<std::string> opening_moves(const PgnGame& g) {
  const std::size_t plies = std::stoul(g.tags.at("OpeningPlies"));
  return std::vector<std::string>(g.moves.begin(), g.moves.begin() + static_cast<long>(plies));
}

// Two fakes that crash when asked to move: the side to move loses at once,
// whatever the opening, and games take milliseconds.
Args instant_engines() {
  const std::string crash =
      ",cmd=bash " + std::string(ARENA_FAKE_ENGINES_DIR) + "/crash_on_go.sh,depth=1";
  return {"--engine", "name=c1" + crash, "--engine", "name=c2" + crash, "--edition", "2016"};
}

Args with(Args args, const Args& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(ArenaMatch, AShuffledBookFollowsItsSeed) {
  const std::string path = temp_path("four.txt");
  const std::vector<arena::Opening> book = four_openings(path);
  std::vector<arena::Opening> expected = book;
  arena::shuffle_openings(expected, 7);
  ASSERT_NE(expected, book);  // seed 7 does move them
  const ArenaRun r = run_arena(
      with(instant_engines(), {"--openings", path, "--shuffle", "--seed", "7"}), "shuffle");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 8u);
  for (const PgnGame& g : r.games) {
    const int round = std::stoi(g.tags.at("Round"));
    EXPECT_EQ(opening_moves(g), expected[static_cast<std::size_t>((round - 1) / 2)].moves) << round;
    EXPECT_EQ(g.tags.at("ShuffleSeed"), "7");
  }
  // Without --seed one is drawn, said, and recorded.
  const ArenaRun drawn =
      run_arena(with(instant_engines(), {"--openings", path, "--shuffle"}), "shuffle2");
  ASSERT_EQ(drawn.status, 0) << drawn.err;
  const std::size_t said = drawn.err.find("openings shuffled with seed ");
  ASSERT_NE(said, std::string::npos) << drawn.err;
  const std::string seed = drawn.err.substr(said + 28, drawn.err.find(' ', said + 28) - said - 28);
  ASSERT_FALSE(drawn.games.empty());
  EXPECT_EQ(drawn.games[0].tags.at("ShuffleSeed"), seed);
  std::vector<arena::Opening> replay = book;
  arena::shuffle_openings(replay, std::stoull(seed));
  EXPECT_EQ(opening_moves(drawn.games[0]), replay[0].moves);
}

TEST(ArenaMatch, RepeatAndRoundsShapeTheSchedule) {
  const std::string path = temp_path("four.txt");
  const std::vector<arena::Opening> book = four_openings(path);
  // --repeat 1: each opening once, colours alternating, no pairs.
  const ArenaRun once =
      run_arena(with(instant_engines(), {"--openings", path, "--repeat", "1"}), "repeat1");
  ASSERT_EQ(once.status, 0) << once.err;
  ASSERT_EQ(once.games.size(), 4u);
  for (const PgnGame& g : once.games) {
    const int round = std::stoi(g.tags.at("Round"));
    EXPECT_EQ(opening_moves(g), book[static_cast<std::size_t>(round - 1)].moves);
    EXPECT_EQ(g.tags.at("White"), round % 2 == 1 ? "c1" : "c2");
  }
  EXPECT_EQ(once.out.find("Ptnml"), std::string::npos) << once.out;
  // --rounds 6 of a four-opening book: the book starts again; pairs as usual.
  const ArenaRun six =
      run_arena(with(instant_engines(), {"--openings", path, "--rounds", "6"}), "rounds6");
  ASSERT_EQ(six.status, 0) << six.err;
  ASSERT_EQ(six.games.size(), 12u);
  for (const PgnGame& g : six.games) {
    const int round = std::stoi(g.tags.at("Round"));
    EXPECT_EQ(opening_moves(g), book[static_cast<std::size_t>((round - 1) / 2 % 4)].moves) << round;
  }
  EXPECT_NE(six.out.find("Match: 12 of 12 games"), std::string::npos) << six.out;
  EXPECT_NE(six.out.find("pairs 6, Ptnml(0-2) 0 0 6 0 0"), std::string::npos) << six.out;
  // --repeat 3 --rounds 1: one opening three times, colours alternating.
  const ArenaRun three = run_arena(
      with(instant_engines(), {"--openings", path, "--rounds", "1", "--repeat", "3"}), "repeat3");
  ASSERT_EQ(three.status, 0) << three.err;
  ASSERT_EQ(three.games.size(), 3u);
  for (const PgnGame& g : three.games) {
    EXPECT_EQ(opening_moves(g), book[0].moves);
    EXPECT_EQ(g.tags.at("White"), std::stoi(g.tags.at("Round")) == 2 ? "c2" : "c1");
  }
}

// --- Adjudication ---

// An engine playing `moves` with scores[i] reported at ply i ("-": none).
std::string scored_engine(const std::string& name, const std::vector<std::string>& moves,
                          const std::vector<std::string>& scores,
                          const std::string& extra = "depth=1") {
  std::string cmd = "bash " + std::string(ARENA_FAKE_ENGINES_DIR) + "/scored.sh";
  for (std::size_t i = 0; i < moves.size(); ++i) cmd += " " + moves[i] + ":" + scores[i];
  return "name=" + name + ",cmd=" + cmd + (extra.empty() ? "" : "," + extra);
}

TEST(ArenaMatch, DrawAdjudicationCountsMovesInARow) {
  const std::vector<std::string> moves = long_game(30);
  // Plies 1-6 score 50 (outside the band), 7 scores 0, 8 has no score,
  // which starts the count again; from ply 9 on, 0: six plies in a row
  // (three moves each) are complete at ply 14, past move 5.
  std::vector<std::string> scores(30, "0");
  for (int i = 0; i < 6; ++i) scores[i] = "50";
  scores[7] = "-";
  const ArenaRun r = run_arena(
      {"--engine", scored_engine("a", moves, scores), "--engine", scored_engine("b", moves, scores),
       "--edition", "2016", "--games", "1", "--draw", "movenumber=5,movecount=3,score=10"},
      "draw");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags.at("Result"), "1/2-1/2");
  EXPECT_EQ(g.tags.at("Termination"), "adjudication");
  EXPECT_EQ(g.tags.at("Reason"),
            "adjudication: both engines scored the game within 10 cp of a draw for 3 moves each");
  EXPECT_EQ(g.moves, std::vector<std::string>(moves.begin(), moves.begin() + 14));
  expect_consistent(g, kernel::Edition::k2016);
  // From move 20 on only: the script (30 plies) ends first, and the engine
  // with no move left forfeits.
  const ArenaRun late = run_arena(
      {"--engine", scored_engine("a", moves, scores), "--engine", scored_engine("b", moves, scores),
       "--edition", "2016", "--games", "1", "--draw", "movenumber=20,movecount=3,score=10"},
      "draw-late");
  ASSERT_EQ(late.games.size(), 1u);
  EXPECT_EQ(late.games[0].tags.at("Termination"), "illegal move");
  EXPECT_EQ(late.games[0].moves.size(), 30u);
}

TEST(ArenaMatch, ResignAdjudicationNeedsBothEngines) {
  const std::vector<std::string> moves = long_game(20);
  // Tangerine's engine (odd plies) says +700 for itself throughout;
  // Lavender's (even plies) says 0 until ply 8, then -700 (Tangerine ahead
  // by its account too). Two moves each in a row agree at ply 12.
  std::vector<std::string> scores(20);
  for (std::size_t i = 0; i < 20; ++i) scores[i] = i % 2 == 0 ? "700" : i < 8 ? "0" : "-700";
  const ArenaRun r = run_arena(
      {"--engine", scored_engine("a", moves, scores), "--engine", scored_engine("b", moves, scores),
       "--edition", "2016", "--games", "1", "--resign", "movecount=2,score=600"},
      "resign");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 1u);
  EXPECT_EQ(r.games[0].tags.at("Result"), "1-0");
  EXPECT_EQ(
      r.games[0].tags.at("Reason"),
      "adjudication: both engines scored Tangerine ahead by at least 600 cp for 2 moves each");
  EXPECT_EQ(r.games[0].moves.size(), 12u);
  // The loser never agrees: no adjudication; the game runs to the end of
  // the script.
  std::vector<std::string> one_sided(20);
  for (std::size_t i = 0; i < 20; ++i) one_sided[i] = i % 2 == 0 ? "700" : "0";
  const ArenaRun alone = run_arena({"--engine", scored_engine("a", moves, one_sided), "--engine",
                                    scored_engine("b", moves, one_sided), "--edition", "2016",
                                    "--games", "1", "--resign", "movecount=2,score=600"},
                                   "resign-alone");
  ASSERT_EQ(alone.games.size(), 1u);
  EXPECT_EQ(alone.games[0].tags.at("Termination"), "illegal move");
  EXPECT_EQ(alone.games[0].moves.size(), 20u);
}

// --- Game records ---

TEST(ArenaMatch, RecordsCarryStandardTagsAndMoveComments) {
  const std::vector<std::string> moves = long_game(8);
  std::vector<std::string> scores = {"50", "-30", "-", "12", "0", "0", "0", "0"};
  const ArenaRun r = run_arena(
      {"--engine", scored_engine("clock", moves, scores, "tc=5+0.1"), "--engine",
       scored_engine("depth", moves, scores, "depth=1"), "--edition", "2016", "--games", "2"},
      "tags");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.games.size(), 2u);
  for (const PgnGame& g : r.games) {
    const bool clock_white = g.tags.at("Round") == "1";
    EXPECT_EQ(g.tags.at("White"), clock_white ? "clock" : "depth");
    EXPECT_EQ(g.tags.at("Black"), clock_white ? "depth" : "clock");
    EXPECT_EQ(g.tags.at("White"), g.tags.at("Tangerine"));
    EXPECT_EQ(g.tags.at("Black"), g.tags.at("Lavender"));
    EXPECT_EQ(g.tags.at("Site"), "?");
    EXPECT_EQ(g.tags.at("TimeControl"), "?");
    EXPECT_EQ(g.tags.at("WhiteTimeControl"), clock_white ? "5+0.1" : "-");
    EXPECT_EQ(g.tags.at("BlackTimeControl"), clock_white ? "-" : "5+0.1");
    EXPECT_EQ(g.tags.at("SetUp"), "1");
    EXPECT_EQ(g.tags.at("Variant"), "Leiserchess");
  }
  const std::string text = file_text(temp_path("tags.pgn"));
  // The Seven Tag Roster comes first, in order.
  EXPECT_EQ(text.find("[Event \"leiserchess arena\"]\n[Site \"?\"]\n[Date \""), 0u) << text;
  EXPECT_NE(text.find("\"]\n[Round \"1\"]\n[White \"clock\"]\n[Black \"depth\"]\n[Result \""),
            std::string::npos);
  // Each engine's score (pawns, its own view), depth and time, or only the
  // time when it gave no score.
  // (Lines wrap anywhere between tokens.)
  const std::regex first_moves("1\\.\\s" + moves[0] + "\\s\\{\\+0\\.50/3 \\d+\\.\\d{3}s\\}\\s" +
                               moves[1] + "\\s\\{-0\\.30/3 \\d+\\.\\d{3}s\\}\\s2\\.\\s" + moves[2] +
                               "\\s\\{\\d+\\.\\d{3}s\\}\\s" + moves[3] + "\\s\\{\\+0\\.12/3 ");
  EXPECT_TRUE(std::regex_search(text, first_moves)) << text;
  // Both engines with the same clock: one TimeControl.
  const ArenaRun same = run_arena({"--engine", scored_engine("x", moves, scores, ""), "--engine",
                                   scored_engine("y", moves, scores, ""), "--edition", "2016",
                                   "--games", "1", "--tc", "2+0.05"},
                                  "tags-same");
  ASSERT_EQ(same.games.size(), 1u) << same.err;
  EXPECT_EQ(same.games[0].tags.at("TimeControl"), "2+0.05");
  EXPECT_EQ(same.games[0].tags.count("WhiteTimeControl"), 0u);
}

TEST(ArenaMatch, AnUnwritablePgnStopsTheRunBeforeAnyEngineStarts) {
  std::ostringstream out, err;
  EXPECT_EQ(run_arena_command({"--engine", "name=ghost,cmd=/no/such/engine,depth=1", "--engine",
                               fake_engine("illegal"), "--pgn", "/no/such/folder/games.pgn"},
                              out, err),
            1);
  EXPECT_NE(
      err.str().find(
          "error: --pgn: cannot write '/no/such/folder/games.pgn': No such file or directory"),
      std::string::npos)
      << err.str();
  EXPECT_EQ(err.str().find("ghost"), std::string::npos) << err.str();
  EXPECT_TRUE(no_children());
}

// --- Resuming and interrupting ---

ArenaRun run_arena_on(Args args, const std::string& pgn) {
  args.insert(args.end(), {"--pgn", pgn});
  std::ostringstream out, err;
  ArenaRun r;
  r.status = run_arena_command(args, out, err);
  r.out = out.str();
  r.err = err.str();
  r.games = read_records(pgn);
  return r;
}

std::vector<int> rounds_of(const std::vector<PgnGame>& games) {
  std::vector<int> rounds;
  for (const PgnGame& g : games) rounds.push_back(std::stoi(g.tags.at("Round")));
  std::sort(rounds.begin(), rounds.end());
  return rounds;
}

TEST(ArenaMatch, ResumePlaysOnlyTheMissingGames) {
  const std::string book = temp_path("four.txt");
  four_openings(book);
  const Args match = with(instant_engines(), {"--openings", book, "--rounds", "3"});
  const std::string pgn = temp_path("resume.pgn");
  std::remove(pgn.c_str());
  const ArenaRun full = run_arena_on(match, pgn);
  ASSERT_EQ(full.status, 0) << full.err;
  ASSERT_EQ(full.games.size(), 6u);
  const std::string text = file_text(pgn);
  // Keep three records and half of the fourth, as a kill mid-write would.
  std::vector<std::size_t> starts;
  for (std::size_t at = text.find("[Event "); at != std::string::npos;
       at = text.find("[Event ", at + 1))
    starts.push_back(at);
  ASSERT_EQ(starts.size(), 6u);
  std::ofstream(pgn, std::ios::trunc) << text.substr(0, starts[3] + (starts[4] - starts[3]) / 2);

  const ArenaRun resumed = run_arena_on(with(match, {"--resume"}), pgn);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("removed an unfinished game record from the end of"),
            std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find("resumed 3 games: [3/6]"), std::string::npos) << resumed.err;
  EXPECT_EQ(rounds_of(resumed.games), (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_NE(resumed.out.find("Match: 6 of 6 games"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("for 3 games (and 3 read back from " + pgn + ")"), std::string::npos)
      << resumed.out;
  // The same results as the uninterrupted match.
  EXPECT_NE(resumed.out.find("c1 vs c2: W 3 D 0 L 3"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("pairs 3, Ptnml(0-2) 0 0 3 0 0"), std::string::npos) << resumed.out;
  for (const PgnGame& g : resumed.games) {
    const PgnGame& original =
        full.games[static_cast<std::size_t>(std::stoi(g.tags.at("Round")) - 1)];
    EXPECT_EQ(g.moves, original.moves);
    EXPECT_EQ(g.tags.at("Result"), original.tags.at("Result"));
  }
  // A finished match resumes to nothing more.
  const ArenaRun again = run_arena_on(with(match, {"--resume"}), pgn);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.games.size(), 6u);
  EXPECT_NE(again.out.find("for 0 games (and 6 read back"), std::string::npos) << again.out;
  EXPECT_TRUE(no_children());
}

TEST(ArenaMatch, ResumeRefusesAnotherMatchsRecords) {
  const std::string book = temp_path("four.txt");
  four_openings(book);
  const std::string pgn = temp_path("resume-other.pgn");
  std::remove(pgn.c_str());
  const Args match = with(instant_engines(), {"--openings", book, "--rounds", "2"});
  ASSERT_EQ(run_arena_on(match, pgn).status, 0);
  // The engines in the other order: game 1 was c1 vs c2.
  const Args engines = instant_engines();
  const ArenaRun swapped =
      run_arena_on({"--engine", engines[3], "--engine", engines[1], "--edition", "2016",
                    "--openings", book, "--rounds", "2", "--resume"},
                   pgn);
  EXPECT_EQ(swapped.status, 1);
  EXPECT_NE(swapped.err.find(
                "error: --resume: " + pgn +
                ": game 1 was 'c1' vs 'c2'; this match schedules 'c2' vs 'c1'; resume with the "
                "command line of the interrupted match"),
            std::string::npos)
      << swapped.err;
  // Another book order: a seed that moves the first opening.
  std::uint64_t seed = 1;
  for (;; ++seed) {
    std::vector<arena::Opening> order = four_openings(book);
    const arena::Opening first = order[0];
    arena::shuffle_openings(order, seed);
    if (order[0] != first) break;
  }
  const ArenaRun shuffled =
      run_arena_on(with(match, {"--resume", "--shuffle", "--seed", std::to_string(seed)}), pgn);
  EXPECT_EQ(shuffled.status, 1);
  EXPECT_NE(shuffled.err.find("was played from another opening"), std::string::npos)
      << shuffled.err;
  // Nothing was added to the file by the refused runs.
  EXPECT_EQ(read_records(pgn).size(), 4u);
}

// --resume reads, cuts and appends to the PGN file: a device would be read
// without end (found with the net reader's /dev/zero hang).
TEST(ArenaMatch, ResumeRefusesAPgnThatIsNotARegularFile) {
  if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  std::ostringstream out, err;
  const Args engines = instant_engines();
  EXPECT_EQ(run_arena_command({"--engine", engines[1], "--engine", engines[3], "--rounds", "1",
                               "--resume", "--pgn", "/dev/zero"},
                              out, err),
            1);
  EXPECT_NE(err.str().find("'/dev/zero' is not a regular file"), std::string::npos) << err.str();
  EXPECT_TRUE(no_children());
}

// Ctrl-C: the arena runs as its own process, gets SIGINT mid-match, prints
// the summary, exits with 130, and every finished game is in the PGN;
// --resume then finishes the match.
TEST(ArenaMatch, CtrlCKeepsEveryFinishedGameAndResumeFinishesTheMatch) {
  const std::vector<std::string> moves = long_game(20);
  const std::vector<std::string> scores(20, "0");
  // 0.1 s a move, drawn by adjudication after 4 plies: games of about half a
  // second.
  std::string slow = "bash " + std::string(ARENA_FAKE_ENGINES_DIR) + "/scored.sh --sleep 0.1";
  for (std::size_t i = 0; i < moves.size(); ++i) slow += " " + moves[i] + ":" + scores[i];
  const Args match = {"--engine",  "name=a,cmd=" + slow + ",depth=1",
                      "--engine",  "name=b,cmd=" + slow + ",depth=1",
                      "--edition", "2016",
                      "--games",   "8",
                      "--draw",    "movenumber=0,movecount=2,score=10"};
  const std::string pgn = temp_path("interrupted.pgn");
  const std::string out_path = temp_path("interrupted.out");
  const std::string err_path = temp_path("interrupted.err");
  std::remove(pgn.c_str());
  std::string command = "exec '" + std::string(LEISER_EXECUTABLE) + "' arena";
  for (const std::string& a : with(match, {"--pgn", pgn})) command += " '" + a + "'";
  command += " >'" + out_path + "' 2>'" + err_path + "'";
  arena::ChildProcess arena_process;
  ASSERT_EQ(arena_process.start({{"bash", "-c", command}, "", false}), std::nullopt);
  // Interrupt once two games are recorded (each record ends with its
  // result, a draw here, and a blank line; the file may be mid-write).
  auto records_written = [&] {
    const std::string text = file_text(pgn);
    std::size_t count = 0;
    for (std::size_t at = text.find(" 1/2-1/2\n\n"); at != std::string::npos;
         at = text.find(" 1/2-1/2\n\n", at + 1))
      ++count;
    return count;
  };
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (records_written() < 2 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_GE(records_written(), 2u) << file_text(err_path);
  ASSERT_EQ(::kill(arena_process.pid(), SIGINT), 0);
  const auto interrupted_at = std::chrono::steady_clock::now();
  // The arena exits by itself on SIGINT (status 130, checked below); `stop`
  // kills it only if it has not after the hang detector's bound.
  const auto bound = test::hang_bound(std::chrono::milliseconds(30000));
  arena_process.stop(bound);
  EXPECT_LT(std::chrono::steady_clock::now() - interrupted_at, bound);
  EXPECT_EQ(arena_process.exit_description(), "exited with status 130") << file_text(err_path);
  const std::string out = file_text(out_path);
  const std::size_t recorded = read_records(pgn).size();
  EXPECT_LT(recorded, 8u);
  EXPECT_NE(out.find("Match: " + std::to_string(recorded) + " of 8 games"), std::string::npos)
      << out;
  EXPECT_TRUE(std::regex_search(
      out, std::regex("Match interrupted: [01] games? in progress w[a-z]+ abandoned, "
                      "not recorded; " +
                      std::to_string(8 - recorded) +
                      " of 8 games not played \\(the same command with --resume "
                      "plays them\\)")))
      << out;
  EXPECT_NE(out.find("a vs b: W 0 D " + std::to_string(recorded) + " L 0"), std::string::npos)
      << out;

  const ArenaRun resumed = run_arena_on(with(match, {"--resume"}), pgn);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(rounds_of(resumed.games), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_NE(resumed.out.find("a vs b: W 0 D 8 L 0"), std::string::npos) << resumed.out;
  for (const PgnGame& g : resumed.games) expect_consistent(g, kernel::Edition::k2016);
}

}  // namespace
}  // namespace leiser::commands
