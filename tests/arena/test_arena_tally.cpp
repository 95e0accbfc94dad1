// The bookkeeping of a match apart from playing it: the statistics fed game
// by game (arena/tally.h), and the recorder that also writes the PGN and the
// progress lines (arena/recorder.h), with records made by hand, as rank 0 of
// `leiserchess-mpi arena` gets them from its workers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arena/pgn.h"
#include "arena/recorder.h"
#include "arena/tally.h"

namespace leiser::arena {
namespace {

MatchConfig two_engines(int games) {
  MatchConfig config;
  config.engines.resize(2);
  config.engines[0].name = "a";
  config.engines[0].depth = 1;
  config.engines[1].name = "b";
  config.engines[1].depth = 1;
  config.edition = kernel::Edition::k2016;
  config.games_per_pair = games;
  return config;
}

// A record of `game` won by `winner` (Winner::kNone: a draw), with a move.
GameRecord record_of(const MatchConfig& config, const ScheduledGame& game, Winner winner) {
  GameRecord r;
  r.tangerine = config.engines[static_cast<std::size_t>(game.tangerine)].name;
  r.lavender = config.engines[static_cast<std::size_t>(game.lavender)].name;
  r.start_fen = "ss7/8/8/8/8/8/8/7NN W";
  r.moves = {"h0h1"};
  r.notes = {MoveNote{12, 3, std::chrono::milliseconds(40)}};
  r.winner = winner;
  r.termination = winner == Winner::kNone ? Termination::kAdjudication : Termination::kRules;
  r.reason = winner == Winner::kNone ? "adjudication: agreed" : "King zapped";
  return r;
}

// The winner that gives engine 0 (`a`) `points` (1, 0.5 or 0) in `game`.
Winner winner_for_first(const ScheduledGame& game, double points) {
  if (points == 0.5) return Winner::kNone;
  const bool a_is_tangerine = game.tangerine == 0;
  return (points == 1) == a_is_tangerine ? Winner::kTangerine : Winner::kLavender;
}

TEST(ArenaTally, CountsGamesAndCompletesPairsWithTheSecondGameOfAnOpening) {
  const MatchConfig config = two_engines(4);
  const std::vector<ScheduledGame> schedule = schedule_games(config);
  ASSERT_EQ(schedule.size(), 4u);
  MatchTally tally(config);
  // Opening 1: a wins with Tangerine, loses with Lavender: 1 point of 2.
  tally.add(schedule[0], record_of(config, schedule[0], winner_for_first(schedule[0], 1)));
  EXPECT_EQ(tally.first_engine_results().second.pairs(), 0);  // its twin is still to come
  tally.add(schedule[1], record_of(config, schedule[1], winner_for_first(schedule[1], 0)));
  // Opening 2: a draw, then a wins: 1.5 points of 2.
  tally.add(schedule[2], record_of(config, schedule[2], winner_for_first(schedule[2], 0.5)));
  tally.add(schedule[3], record_of(config, schedule[3], winner_for_first(schedule[3], 1)));
  const auto [wdl, ptnml] = tally.first_engine_results();
  EXPECT_EQ(wdl.wins, 2);
  EXPECT_EQ(wdl.draws, 1);
  EXPECT_EQ(wdl.losses, 1);
  EXPECT_EQ(ptnml.counts, (std::array<int, 5>{0, 0, 1, 1, 0}));
  EXPECT_EQ(tally.games(), 4);
  ASSERT_EQ(tally.pairs().size(), 1u);
  EXPECT_EQ(tally.pairs()[0].wdl.wins, 2);
  EXPECT_FALSE(tally.sprt_llr().has_value());  // no --sprt
}

TEST(ArenaTally, TheOrderOfArrivalDoesNotChangeTheCounts) {
  MatchConfig config = two_engines(12);
  config.engines.resize(3);
  config.engines[2].name = "c";
  const std::vector<ScheduledGame> schedule = schedule_games(config);
  ASSERT_EQ(schedule.size(), 36u);
  const double points[] = {1, 0, 0.5, 1, 0, 0, 1, 1, 0.5, 0.5, 0, 1};
  MatchTally in_order(config);
  MatchTally reversed(config);
  for (const ScheduledGame& g : schedule)
    in_order.add(g, record_of(config, g, winner_for_first(g, points[g.number % 12])));
  for (auto g = schedule.rbegin(); g != schedule.rend(); ++g)
    reversed.add(*g, record_of(config, *g, winner_for_first(*g, points[g->number % 12])));
  ASSERT_EQ(in_order.pairs().size(), 3u);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(in_order.pairs()[p].wdl.wins, reversed.pairs()[p].wdl.wins) << p;
    EXPECT_EQ(in_order.pairs()[p].wdl.draws, reversed.pairs()[p].wdl.draws) << p;
    EXPECT_EQ(in_order.pairs()[p].ptnml.counts, reversed.pairs()[p].ptnml.counts) << p;
    EXPECT_EQ(in_order.pairs()[p].ptnml.pairs(), 6) << p;
  }
}

TEST(ArenaTally, TheSprtDecidesFromTheTenthPairOn) {
  MatchConfig config = two_engines(100);
  config.sprt = SprtConfig{0, 200, 0.05, 0.05};
  const std::vector<ScheduledGame> schedule = schedule_games(config);
  MatchTally tally(config);
  ASSERT_EQ(tally.sprt_llr(), 0.0);
  // Tangerine always wins: every pair is even (1 point of 2), far from elo1.
  for (int i = 0; i < 20; ++i) {
    tally.add(schedule[static_cast<std::size_t>(i)],
              record_of(config, schedule[static_cast<std::size_t>(i)], Winner::kTangerine));
    if (i < 19) {
      EXPECT_EQ(tally.sprt_decision(), SprtDecision::kContinue) << "after game " << i + 1;
    }
  }
  ASSERT_TRUE(tally.sprt_llr().has_value());
  // The value test_arena_match.cpp's SPRT match reaches the same way.
  EXPECT_NEAR(*tally.sprt_llr(), -5401.80, 0.005);
  EXPECT_EQ(tally.sprt_decision(), SprtDecision::kAcceptH0);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ArenaRecorder, WritesThePgnAndTheProgressAndOrdersTheResult) {
  MatchConfig config = two_engines(4);
  config.pgn_path = ::testing::TempDir() + "arena_recorder.pgn";
  std::remove(config.pgn_path.c_str());
  std::ostringstream progress;
  MatchRecorder recorder(config, progress, /*live=*/false);
  const std::vector<ScheduledGame>& schedule = recorder.schedule();
  ASSERT_EQ(schedule.size(), 4u);
  EXPECT_FALSE(recorder.stopped());
  // Game 2 finishes before game 1, as on two workers.
  EXPECT_TRUE(recorder.record(schedule[1], record_of(config, schedule[1], Winner::kTangerine)));
  EXPECT_TRUE(recorder.record(schedule[0], record_of(config, schedule[0], Winner::kNone)));
  GameRecord abandoned = record_of(config, schedule[2], Winner::kNone);
  abandoned.termination = Termination::kInterrupted;
  recorder.record(schedule[2], abandoned);
  EXPECT_TRUE(recorder.stopped());  // interrupted: no game should start
  recorder.add_restarts(1, 2);
  const MatchResult result = recorder.finish();

  EXPECT_EQ(result.scheduled, 4);
  ASSERT_EQ(result.games.size(), 2u);
  EXPECT_EQ(result.games[0].winner, Winner::kNone);  // game 1 first
  EXPECT_EQ(result.games[1].winner, Winner::kTangerine);
  EXPECT_EQ(result.abandoned, 1);
  EXPECT_TRUE(result.interrupted);
  EXPECT_EQ(result.restarts, (std::vector<int>{0, 2}));
  ASSERT_EQ(result.pairs.size(), 1u);
  // Game 2: b as Tangerine won, so a lost; game 1 drawn.
  EXPECT_EQ(result.pairs[0].wdl.losses, 1);
  EXPECT_EQ(result.pairs[0].wdl.draws, 1);
  EXPECT_EQ(result.pairs[0].ptnml.counts, (std::array<int, 5>{0, 1, 0, 0, 0}));

  const std::string text = progress.str();
  EXPECT_NE(text.find("game 2 b vs a: 1-0 (King zapped)\n[1/4] a: W 0 D 0 L 1"), std::string::npos)
      << text;
  EXPECT_NE(text.find("game 1 a vs b: 1/2-1/2 (adjudication: agreed)\n[2/4] a: W 0 D 1 L 1"),
            std::string::npos)
      << text;
  // The PGN holds the two games in the order they were recorded, and not the abandoned one.
  std::ifstream in(config.pgn_path);
  const auto games = read_pgn(in);
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].tags.at("Round"), "2");
  EXPECT_EQ((*games)[0].tags.at("Result"), "1-0");
  EXPECT_EQ((*games)[1].tags.at("Round"), "1");
  EXPECT_EQ((*games)[1].tags.at("Reason"), "adjudication: agreed");
  EXPECT_EQ((*games)[1].moves, (std::vector<std::string>{"h0h1"}));
}

TEST(ArenaRecorder, ResumedGamesCountButAreNotWrittenAgain) {
  MatchConfig config = two_engines(2);
  config.pgn_path = ::testing::TempDir() + "arena_recorder_resumed.pgn";
  std::remove(config.pgn_path.c_str());
  std::ostringstream progress;
  MatchRecorder recorder(config, progress, false);
  const std::vector<ScheduledGame> left = recorder.resume(
      {ResumedGame{1, record_of(config, recorder.schedule()[0], Winner::kTangerine)}});
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].number, 2);
  EXPECT_EQ(progress.str().rfind("resumed 1 game: [1/2] a: W 1 D 0 L 0 (100.0%)  Elo ", 0), 0u)
      << progress.str();
  EXPECT_EQ(file_text(config.pgn_path), "");
  recorder.record(recorder.schedule()[1],
                  record_of(config, recorder.schedule()[1], Winner::kTangerine));
  const MatchResult result = recorder.finish();
  EXPECT_EQ(result.resumed, 1);
  ASSERT_EQ(result.games.size(), 2u);
  EXPECT_EQ(result.pairs[0].ptnml.counts, (std::array<int, 5>{0, 0, 1, 0, 0}));
  EXPECT_EQ(file_text(config.pgn_path).find("[Round \"1\"]"), std::string::npos);
  EXPECT_NE(file_text(config.pgn_path).find("[Round \"2\"]"), std::string::npos);
}

TEST(ArenaRecorder, AnUnwritablePgnStopsItAtOnce) {
  MatchConfig config = two_engines(2);
  config.pgn_path = "/no/such/folder/games.pgn";
  std::ostringstream progress;
  MatchRecorder recorder(config, progress, false);
  EXPECT_TRUE(recorder.stopped());
  recorder.fail("a second error");
  EXPECT_EQ(recorder.finish().error, "cannot write '/no/such/folder/games.pgn'");
}

TEST(ArenaRecorder, TheSprtStopsIt) {
  MatchConfig config = two_engines(100);
  config.sprt = SprtConfig{0, 200, 0.05, 0.05};
  std::ostringstream progress;
  MatchRecorder recorder(config, progress, false);
  for (int i = 0; i < 19; ++i)
    EXPECT_TRUE(recorder.record(
        recorder.schedule()[static_cast<std::size_t>(i)],
        record_of(config, recorder.schedule()[static_cast<std::size_t>(i)], Winner::kTangerine)));
  EXPECT_FALSE(recorder.record(recorder.schedule()[19],
                               record_of(config, recorder.schedule()[19], Winner::kTangerine)));
  EXPECT_TRUE(recorder.stopped());
  const MatchResult result = recorder.finish();
  EXPECT_EQ(result.sprt_decision, SprtDecision::kAcceptH0);
  std::ostringstream summary;
  print_summary(config, result, summary);
  EXPECT_NE(summary.str().find("Match: 20 of 100 games"), std::string::npos) << summary.str();
  EXPECT_NE(summary.str().find("LLR -5401.80 [-2.94, 2.94]: H0 accepted"), std::string::npos)
      << summary.str();
}

}  // namespace
}  // namespace leiser::arena
