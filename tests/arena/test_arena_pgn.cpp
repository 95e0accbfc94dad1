// Game records: tags, numbered moves, wrapping, escaping.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "arena/match.h"
#include "arena/pgn.h"
#include "arena/resume.h"
#include "kernel/fen.h"
#include "kernel/game.h"

namespace leiser::arena {
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
  g.notes = {MoveNote{35, 7, std::chrono::milliseconds(512)}};
  PgnTags tags;
  tags.round = 7;
  tags.edition = kernel::Edition::k2016;
  tags.tangerine.tc = TimeControl{10000, 100};
  tags.lavender.depth = 2;
  const std::string text = format_game_record(g, tags);
  EXPECT_EQ(
      text.find(
          "[Event \"leiserchess arena\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"7\"]\n"
          "[White \"new\"]\n[Black \"old \\\"quoted\\\"\"]\n[Result \"0-1\"]\n"),
      0u)
      << text;
  EXPECT_NE(text.find("[Tangerine \"new\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Lavender \"old \\\"quoted\\\"\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[TangerineLimits \"10+0.1\"]\n[LavenderLimits \"depth=2\"]\n"),
            std::string::npos);
  EXPECT_NE(
      text.find("[TimeControl \"?\"]\n[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"-\"]\n"),
      std::string::npos);
  EXPECT_NE(text.find("[SetUp \"1\"]\n[FEN "), std::string::npos);
  EXPECT_NE(text.find("[Edition \"2016\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[FEN \"" + g.start_fen + "\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[OpeningPlies \"2\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Result \"0-1\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Termination \"illegal move\"]\n"), std::string::npos);
  EXPECT_NE(text.find("[Reason \"Tangerine (new) forfeits: illegal move 'c4R'\"]\n"),
            std::string::npos);
  EXPECT_NE(text.find("\n\n1. h4g5 {book} a3a2 {book} 2. g3R {+0.35/7 0.512s} 0-1\n\n"),
            std::string::npos)
      << text;
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
  // Comments too, with a note per move: still under 80 columns.
  g.notes.assign(g.moves.size(), MoveNote{-1234, 12, std::chrono::milliseconds(98765)});
  const std::string commented = format_game_record(g, PgnTags{});
  for (std::size_t begin = 0, end; begin < commented.size(); begin = end + 1) {
    end = commented.find('\n', begin);
    EXPECT_LT(end - begin, 80u);
  }
  EXPECT_NE(commented.find("{-12.34/12 98.765s}"), std::string::npos);
}

TEST(ArenaPgn, MoveNotes) {
  using std::chrono::milliseconds;
  EXPECT_EQ(format_move_note({35, 7, milliseconds(512)}), "+0.35/7 0.512s");
  EXPECT_EQ(format_move_note({-5, 3, milliseconds(2000)}), "-0.05/3 2.000s");
  EXPECT_EQ(format_move_note({0, 1, milliseconds(0)}), "+0.00/1 0.000s");
  EXPECT_EQ(format_move_note({std::nullopt, 0, milliseconds(20)}), "0.020s");
  // Mates as parse_info_score gives them: "mate 3" and "mate -2".
  EXPECT_EQ(format_move_note({parse_info_score("info depth 9 score mate 3"), 9, milliseconds(1)}),
            "+M3/9 0.001s");
  EXPECT_EQ(format_move_note({parse_info_score("info depth 4 score mate -2"), 4, milliseconds(1)}),
            "-M2/4 0.001s");
  EXPECT_EQ(parse_info_depth("info depth 9 seldepth 12 score cp 3"), 9);
  EXPECT_EQ(parse_info_depth("info string depth"), std::nullopt);
  EXPECT_EQ(parse_info_depth("bestmove h0g1"), std::nullopt);
}

TEST(ArenaPgn, TimeControlTag) {
  EngineSpec spec;
  EXPECT_EQ(pgn_time_control(spec), "-");
  spec.depth = 3;
  EXPECT_EQ(pgn_time_control(spec), "-");
  spec.tc = TimeControl{5000, 50};
  EXPECT_EQ(pgn_time_control(spec), "5+0.05");
}

TEST(ArenaPgn, ReadsRecordsBack) {
  GameRecord g;
  g.tangerine = "a \"b\"";
  g.lavender = "c\\d";
  g.start_fen = "ss7/8/8/8/8/8/8/7NN B";
  g.moves = {"a7R", "h0L", "a7L"};
  g.opening_plies = 1;
  g.notes = {MoveNote{1, 2, std::chrono::milliseconds(3)}};
  g.winner = Winner::kTangerine;
  g.termination = Termination::kAdjudication;
  g.reason = "adjudication: x";
  PgnTags tags;
  tags.round = 4;
  const std::string text = format_game_record(g, tags) + format_game_record(g, tags);
  std::istringstream in(text);
  std::size_t complete = 0;
  auto games = read_pgn(in, &complete);
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  const PgnGame& r = (*games)[0];
  EXPECT_EQ(r.tags.at("Tangerine"), "a \"b\"");
  EXPECT_EQ(r.tags.at("Lavender"), "c\\d");
  EXPECT_EQ(r.tags.at("Round"), "4");
  EXPECT_EQ(r.tags.at("FEN"), g.start_fen);
  EXPECT_EQ(r.tags.at("Termination"), "adjudication");
  EXPECT_EQ(r.moves, g.moves);
  EXPECT_EQ(r.result, "1-0");
  EXPECT_EQ(complete, text.size());
}

TEST(ArenaPgn, ReadsHandWrittenPgnAndFindsACutShortRecord) {
  const std::string first =
      "[Event \"x\"]\n[Round \"1\"]\n\n1.h4g5 {a comment\nover two lines} a3a2 $1 ; to the end\n"
      "2. g3R 1/2-1/2\n\n";
  const std::string second = "[Event \"x\"]\n[Round \"2\"]\n\n1. h4g5 {+0.1";
  std::istringstream in(first + second);
  std::size_t complete = 0;
  auto games = read_pgn(in, &complete);
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ((*games)[0].moves, (std::vector<std::string>{"h4g5", "a3a2", "g3R"}));
  EXPECT_EQ((*games)[0].result, "1/2-1/2");
  EXPECT_EQ(complete, first.size());
  // Cut inside a tag line: the same.
  std::istringstream cut_tag(first + "[Event \"x\"]\n[Rou");
  auto partial = read_pgn(cut_tag, &complete);
  ASSERT_TRUE(partial) << partial.error();
  EXPECT_EQ(partial->size(), 1u);
  EXPECT_EQ(complete, first.size());
  // But a malformed tag with lines after it is an error, with its line.
  std::istringstream malformed(first + "[Event x]\n\n1. h4g5 1-0\n");
  auto rejected = read_pgn(malformed);
  ASSERT_FALSE(rejected);
  EXPECT_NE(rejected.error().find("line 8: malformed tag"), std::string::npos) << rejected.error();
  // A record without a result followed by another is an error.
  std::istringstream broken("[Event \"x\"]\n\n1. h4g5\n[Event \"y\"]\n\n1. h4g5 1-0\n");
  auto bad = read_pgn(broken);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("line 4: a game record before it has no result"), std::string::npos)
      << bad.error();
  std::istringstream empty("");
  auto none = read_pgn(empty, &complete);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  EXPECT_EQ(complete, 0u);
}

// Found by fuzz_pgn_file: --resume's refusals echoed a record's tag values
// raw (control and non-ASCII bytes, any length). They are quoted now.
TEST(ArenaPgn, ResumeRefusalsQuoteTheRecordsTagValues) {
  MatchConfig config;  // two engines, no book: game 1 is a vs b from the start
  config.engines.resize(2);
  config.engines[0].name = "a";
  config.engines[1].name = "b";
  config.edition = kernel::Edition::k2016;
  const std::string start = kernel::to_fen(kernel::Game::start(config.edition).start_position());
  auto record = [&](const std::string& round, const std::string& edition,
                    const std::string& tangerine, const std::string& termination) {
    return "[Round \"" + round + "\"]\n[Tangerine \"" + tangerine +
           "\"]\n[Lavender \"b\"]\n[Result \"1-0\"]\n" + "[Edition \"" + edition + "\"]\n[FEN \"" +
           start + "\"]\n" + "[OpeningPlies \"0\"]\n[Termination \"" + termination +
           "\"]\n[Reason \"x\"]\n\n1. h4g5 1-0\n\n";
  };
  auto refusal = [&](const std::string& text) -> std::string {
    std::istringstream in(text);
    const auto records = read_pgn(in);
    if (!records) return "read_pgn: " + records.error();
    const auto games = games_to_resume(*records, config);
    return games ? "resumed" : games.error();
  };
  auto one_printable_line = [](const std::string& message) {
    return message.size() < 400 && std::all_of(message.begin(), message.end(), [](char c) {
             return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
           });
  };
  // The record as it should be is resumed: the refusals below come from the
  // one tag each of them spoils.
  EXPECT_EQ(refusal(record("1", "2016", "a", "rules")), "resumed");
  const std::string edition = refusal(record("1",
                                             "20\xff\xff"
                                             "16",
                                             "a", "rules"));
  EXPECT_NE(edition.find("game 1 was played in edition '20\\xff\\xff16'"), std::string::npos)
      << edition;
  const std::string round = refusal(record("\x1b[2J", "2016", "a", "rules"));
  EXPECT_NE(round.find("record 1: game '\\x1b[2J' is not a game of this match (1 to 2)"),
            std::string::npos)
      << round;
  const std::string name = refusal(record("1", "2016", std::string(500, 'n'), "rules"));
  EXPECT_NE(name.find("game 1 was '" + std::string(80, 'n') +
                      "'... (500 bytes) vs 'b'; this match schedules 'a' vs 'b'"),
            std::string::npos)
      << name;
  const std::string termination = refusal(record("1", "2016", "a", "\x07rules"));
  EXPECT_NE(termination.find("game 1: unknown Termination '\\x07rules'"), std::string::npos)
      << termination;
  for (const std::string& message : {edition, round, name, termination})
    EXPECT_TRUE(one_printable_line(message)) << message;
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
}  // namespace leiser::arena
