// The pieces `leiserchess-mpi arena` is made of that need no MPI: games and
// records as bytes (arena/wire.h), records put back in game-number order
// (arena/game_order.h), and play_games on a chosen subset of the schedule
// (arena/match.h), with the fake engines.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "arena/game_order.h"
#include "arena/match.h"
#include "arena/wire.h"

namespace leiser::arena {
namespace {

GameRecord sample_record() {
  GameRecord r;
  r.tangerine = "new, with: a colon";
  r.lavender = "old";
  r.start_fen = "ss7/8/8/8/8/8/8/7NN W";
  r.opening_id = "id with \"quotes\"";
  r.moves = {"h4g5", "a3a2", "g3R"};
  r.opening_plies = 1;
  r.notes = {MoveNote{std::nullopt, 0, std::chrono::milliseconds(5)},
             MoveNote{-100007, 12, std::chrono::milliseconds(1250)}};
  r.winner = Winner::kLavender;
  r.termination = Termination::kIllegalMove;
  // An engine's own words, with bytes a line- or NUL-separated format would trip on.
  r.reason = std::string("illegal move 'x\n12:y' ") + '\0' + "end";
  return r;
}

void expect_same(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(a.tangerine, b.tangerine);
  EXPECT_EQ(a.lavender, b.lavender);
  EXPECT_EQ(a.start_fen, b.start_fen);
  EXPECT_EQ(a.opening_id, b.opening_id);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.opening_plies, b.opening_plies);
  ASSERT_EQ(a.notes.size(), b.notes.size());
  for (std::size_t i = 0; i < a.notes.size(); ++i) {
    EXPECT_EQ(a.notes[i].score_cp, b.notes[i].score_cp) << i;
    EXPECT_EQ(a.notes[i].depth, b.notes[i].depth) << i;
    EXPECT_EQ(a.notes[i].time, b.notes[i].time) << i;
  }
  EXPECT_EQ(a.winner, b.winner);
  EXPECT_EQ(a.termination, b.termination);
  EXPECT_EQ(a.reason, b.reason);
}

TEST(ArenaWire, ARecordTravelsUnchanged) {
  const GameRecord original = sample_record();
  const std::string bytes = encode_record({17, original});
  const auto back = decode_record(bytes);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->number, 17);
  expect_same(back->record, original);
  // Every winner and termination survives.
  for (Winner w : {Winner::kTangerine, Winner::kLavender, Winner::kNone})
    for (Termination t :
         {Termination::kRules, Termination::kTimeForfeit, Termination::kStartFailure}) {
      GameRecord r = original;
      r.winner = w;
      r.termination = t;
      const auto again = decode_record(encode_record({1, r}));
      ASSERT_TRUE(again) << again.error();
      EXPECT_EQ(again->record.winner, w);
      EXPECT_EQ(again->record.termination, t);
    }
}

TEST(ArenaWire, AMalformedRecordIsAnError) {
  const std::string bytes = encode_record({3, sample_record()});
  for (std::size_t cut : {std::size_t{0}, std::size_t{1}, bytes.size() / 2, bytes.size() - 1})
    EXPECT_FALSE(decode_record(bytes.substr(0, cut))) << cut;
  EXPECT_FALSE(decode_record(bytes + "1:x"));  // trailing bytes
  EXPECT_FALSE(decode_record("9999999999:x"));
  std::string bad_termination = bytes;
  bad_termination.replace(bad_termination.find("12:illegal move"), 15, "12:illegal mave");
  EXPECT_FALSE(decode_record(bad_termination));
}

TEST(ArenaWire, GamesToPlayTravelUnchanged) {
  std::vector<GameToPlay> games(2);
  games[0].game = ScheduledGame{5, 1, 2, 0, 2, std::size_t{3}};
  games[0].opening = Opening{"", {"h4g5", "a3a2"}, ""};
  games[1].game = ScheduledGame{8, 1, 2, 2, 0, std::nullopt};
  games[1].opening = Opening{"ss7/8/8/8/8/8/8/7NN B", {}, "two Kings; id"};
  const auto back = decode_games(encode_games(games));
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const ScheduledGame& a = games[i].game;
    const ScheduledGame& b = (*back)[i].game;
    EXPECT_EQ(std::vector<int>({a.number, a.pair, a.twin, a.tangerine, a.lavender}),
              std::vector<int>({b.number, b.pair, b.twin, b.tangerine, b.lavender}));
    EXPECT_EQ(a.opening, b.opening);
    EXPECT_EQ(games[i].opening, (*back)[i].opening);
  }
  EXPECT_FALSE(decode_games(encode_games(games).substr(1)));
  EXPECT_TRUE(decode_games(encode_games({})));
}

TEST(ArenaGameOrder, ReleasesRecordsInTheOrderTheyWereHandedOut) {
  GameOrder order;
  for (int n : {1, 2, 3, 4}) order.expect(n);
  auto record = [](int n) { return NumberedRecord{n, GameRecord{}}; };
  EXPECT_TRUE(order.add(record(2)));
  EXPECT_FALSE(order.next());          // game 1 is still being played
  EXPECT_FALSE(order.add(record(2)));  // a duplicate
  EXPECT_FALSE(order.add(record(9)));  // never handed out
  EXPECT_TRUE(order.add(record(1)));
  EXPECT_EQ(order.next()->number, 1);
  EXPECT_EQ(order.next()->number, 2);
  EXPECT_FALSE(order.next());
  EXPECT_FALSE(order.add(record(1)));  // already released
  EXPECT_EQ(order.outstanding(), 2u);
  EXPECT_TRUE(order.add(record(4)));
  // Game 3 never comes (its worker failed): 4 is still released by drain.
  const std::vector<NumberedRecord> rest = order.drain();
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].number, 4);
  EXPECT_EQ(order.outstanding(), 0u);
}

// Two fakes that crash when asked to move: the side to move loses at once.
MatchConfig instant_match(int games, int concurrency) {
  MatchConfig config;
  for (const char* name : {"c1", "c2"}) {
    EngineSpec spec;
    spec.name = name;
    spec.argv = {"bash", std::string(ARENA_FAKE_ENGINES_DIR) + "/crash_on_go.sh"};
    spec.depth = 1;
    config.engines.push_back(spec);
  }
  config.edition = kernel::Edition::k2016;
  config.games_per_pair = games;
  config.concurrency = concurrency;
  return config;
}

TEST(ArenaPlayGames, PlaysExactlyTheGamesItIsGiven) {
  const MatchConfig config = instant_match(8, 2);
  const std::vector<ScheduledGame> schedule = schedule_games(config);
  const std::vector<ScheduledGame> chosen = {schedule[2], schedule[3], schedule[6]};
  std::multiset<int> played;
  const PlayOutcome outcome =
      play_games(config, chosen, [&](const ScheduledGame& game, GameRecord record) {
        played.insert(game.number);
        // The record is of the game it is handed with: its engines, its colours.
        EXPECT_EQ(record.tangerine, config.engines[static_cast<std::size_t>(game.tangerine)].name);
        EXPECT_EQ(record.lavender, config.engines[static_cast<std::size_t>(game.lavender)].name);
        EXPECT_EQ(record.winner, Winner::kLavender);  // Tangerine, to move, crashed
        EXPECT_EQ(record.termination, Termination::kCrash);
        return true;
      });
  EXPECT_EQ(played, (std::multiset<int>{3, 4, 7}));
  EXPECT_TRUE(outcome.error.empty()) << outcome.error;
  EXPECT_FALSE(outcome.interrupted);
  // Each crash restarts that engine for its next game on the same worker;
  // only the last game of each worker leaves no restart behind.
  ASSERT_EQ(outcome.restarts.size(), 2u);
  EXPECT_GE(outcome.restarts[0] + outcome.restarts[1], 1);
}

TEST(ArenaPlayGames, StartsNoGameAfterTheSinkSaysStop) {
  const MatchConfig config = instant_match(6, 1);
  int calls = 0;
  play_games(config, schedule_games(config),
             [&](const ScheduledGame&, GameRecord) { return ++calls < 2; });
  EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace leiser::arena
