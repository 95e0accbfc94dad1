// The arena's command lines: engine specs, clocks, SPRT and adjudication
// keys, and the errors for what is wrong.
#include <gtest/gtest.h>

#include "arena/options.h"

namespace leiser::arena {
namespace {

TEST(ArenaOptions, EngineSpecWithOptionsAndLimits) {
  auto spec = parse_engine_spec(
      "name=old,cmd=/path/old --uci 'two words',option.hash=64,"
      "option.pcentral=600,depth=3,nodes=2000,tc=5+0.05,dir=/tmp");
  ASSERT_TRUE(spec) << spec.error();
  EXPECT_EQ(spec->name, "old");
  EXPECT_EQ(spec->argv, (std::vector<std::string>{"/path/old", "--uci", "two words"}));
  ASSERT_EQ(spec->options.size(), 2u);
  EXPECT_EQ(spec->options[0], (std::pair<std::string, std::string>{"hash", "64"}));
  EXPECT_EQ(spec->options[1], (std::pair<std::string, std::string>{"pcentral", "600"}));
  EXPECT_EQ(spec->depth, 3);
  EXPECT_EQ(spec->nodes, 2000u);
  ASSERT_TRUE(spec->tc);
  EXPECT_EQ(spec->tc->base_ms, 5000);
  EXPECT_EQ(spec->tc->inc_ms, 50);
  EXPECT_EQ(spec->working_dir, "/tmp");
}

TEST(ArenaOptions, EngineNameDefaultsToTheProgramName) {
  auto spec = parse_engine_spec("cmd=./build/leiserchess");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->name, "leiserchess");
}

TEST(ArenaOptions, BadEngineSpecs) {
  EXPECT_FALSE(parse_engine_spec("name=x"));  // no cmd
  EXPECT_FALSE(parse_engine_spec("cmd=x,colour=red"));
  EXPECT_FALSE(parse_engine_spec("cmd=x,depth=0"));
  EXPECT_FALSE(parse_engine_spec("cmd=x,nodes=many"));
  EXPECT_FALSE(parse_engine_spec("cmd='x"));
  EXPECT_FALSE(parse_engine_spec("cmd=x,novalue"));
}

TEST(ArenaOptions, TimeControls) {
  auto tc = parse_time_control("10+0.1");
  ASSERT_TRUE(tc);
  EXPECT_EQ(tc->base_ms, 10000);
  EXPECT_EQ(tc->inc_ms, 100);
  tc = parse_time_control("0.5");
  ASSERT_TRUE(tc);
  EXPECT_EQ(tc->base_ms, 500);
  EXPECT_EQ(tc->inc_ms, 0);
  for (const char* bad : {"", "+1", "10+", "ten", "-1+0", "0+1", "10+-1"})
    EXPECT_FALSE(parse_time_control(bad)) << bad;
}

TEST(ArenaOptions, FullCommandLine) {
  auto options = parse_arena_args({"--engine",
                                   "name=new,cmd=./build/leiserchess",
                                   "--engine",
                                   "name=old,cmd=/path/old,option.hash=64,depth=4",
                                   "--edition",
                                   "2016",
                                   "--tc",
                                   "10+0.1",
                                   "--games",
                                   "200",
                                   "--concurrency",
                                   "2",
                                   "--openings",
                                   "book.txt",
                                   "--pgn",
                                   "out.pgn",
                                   "--sprt",
                                   "elo0=0",
                                   "elo1=5",
                                   "alpha=0.05",
                                   "beta=0.1",
                                   "--adjudicate",
                                   "moves=40,score=700",
                                   "--timeout",
                                   "2.5",
                                   "--no-ko"});
  ASSERT_TRUE(options) << options.error();
  const MatchConfig& m = options->match;
  ASSERT_EQ(m.engines.size(), 2u);
  EXPECT_EQ(m.edition, kernel::Edition::k2016);
  // The global clock goes to every engine, depth-limited ones included.
  ASSERT_TRUE(m.engines[0].tc && m.engines[1].tc);
  EXPECT_EQ(m.engines[1].tc->base_ms, 10000);
  EXPECT_EQ(m.engines[1].depth, 4);
  EXPECT_EQ(m.games_per_pair, 200);
  EXPECT_EQ(m.concurrency, 2);
  EXPECT_EQ(options->openings_path, "book.txt");
  EXPECT_EQ(m.pgn_path, "out.pgn");
  ASSERT_TRUE(m.sprt);
  EXPECT_EQ(m.sprt->elo1, 5);
  EXPECT_EQ(m.sprt->beta, 0.1);
  // --adjudicate is resign adjudication on each engine's latest score.
  ASSERT_TRUE(m.adjudication.resign);
  EXPECT_FALSE(m.adjudication.draw);
  EXPECT_EQ(m.adjudication.resign->move_number, 40);
  EXPECT_EQ(m.adjudication.resign->move_count, 1);
  EXPECT_EQ(m.adjudication.resign->score_cp, 700);
  EXPECT_EQ(m.move_timeout.count(), 2500);
  EXPECT_FALSE(m.use_ko);
}

TEST(ArenaOptions, CommandLineErrors) {
  using Args = std::vector<std::string>;
  const std::string a = "name=a,cmd=x,depth=2";
  const std::string b = "name=b,cmd=y,depth=2";
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a}));                              // one engine
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", a}));               // same names
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", "name=b,cmd=y"}));  // no limit
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", b, "--edition", "2017"}));
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", b, "--games", "0"}));
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", b, "--frobnicate"}));
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", b, "--sprt", "elo0=5,elo1=0"}));
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", b, "--adjudicate", "moves=4"}));
  EXPECT_FALSE(parse_arena_args(Args{"--engine", a, "--engine", b, "--tc"}));
  EXPECT_FALSE(parse_arena_args(
      Args{"--engine", a, "--engine", b, "--engine", "name=c,cmd=z,depth=1", "--sprt", "elo0=0"}));
  auto ok = parse_arena_args(Args{"--engine", a, "--engine", b});
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_FALSE(ok->match.engines[0].tc);  // depth only: no clock
}

TEST(ArenaOptions, BooksRoundsAndAdjudication) {
  using Args = std::vector<std::string>;
  const Args engines = {"--engine", "name=a,cmd=x,depth=2", "--engine", "name=b,cmd=y,depth=2"};
  auto with = [&](const Args& more) {
    Args args = engines;
    args.insert(args.end(), more.begin(), more.end());
    return parse_arena_args(args);
  };
  auto options = with({"--openings", "book.epd", "--shuffle", "--seed", "42", "--rounds", "50",
                       "--repeat", "4", "--draw", "movenumber=34,movecount=8,score=20", "--resign",
                       "movecount=3", "score=600", "--pgn", "m.pgn", "--resume"});
  ASSERT_TRUE(options) << options.error();
  EXPECT_TRUE(options->shuffle);
  EXPECT_EQ(options->seed, 42u);
  EXPECT_TRUE(options->resume);
  const MatchConfig& m = options->match;
  EXPECT_EQ(m.rounds, 50);
  EXPECT_EQ(m.repeat, 4);
  ASSERT_TRUE(m.adjudication.draw);
  EXPECT_EQ(m.adjudication.draw->move_number, 34);
  EXPECT_EQ(m.adjudication.draw->move_count, 8);
  EXPECT_EQ(m.adjudication.draw->score_cp, 20);
  ASSERT_TRUE(m.adjudication.resign);
  EXPECT_EQ(m.adjudication.resign->move_number, 0);
  EXPECT_EQ(m.adjudication.resign->move_count, 3);
  EXPECT_EQ(m.adjudication.resign->score_cp, 600);
  // Defaults: each opening twice, the whole book, no adjudication.
  auto plain = with({});
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->match.repeat, 2);
  EXPECT_EQ(plain->match.rounds, 0);
  EXPECT_FALSE(plain->match.adjudication.any());

  struct Bad {
    Args args;
    const char* error;
  };
  const Bad bad[] = {
      {{"--seed", "3"}, "--seed is the seed of --shuffle; give --shuffle too"},
      {{"--shuffle"}, "--shuffle needs --openings FILE"},
      {{"--rounds", "3", "--games", "6"}, "give --games or --rounds, not both"},
      {{"--repeat", "0"}, "--repeat: expected a positive number, got '0'"},
      {{"--repeat", "3", "--sprt", "elo0=0,elo1=5"},
       "--sprt counts pairs of games with colours reversed: give an even --repeat"},
      {{"--resume"}, "--resume needs the --pgn FILE of the match"},
      {{"--draw", "movecount=3"}, "--draw needs movecount=N,score=S"},
      {{"--draw", "movecount=0,score=10"}, "--draw movecount: expected a number from 1, got '0'"},
      {{"--resign", "movecount=2,score=0"}, "--resign score: expected a number from 1, got '0'"},
      {{"--resign", "movecount=2,score=9,moves=3"},
       "--resign: unknown key 'moves' (movenumber, movecount, score)"},
      {{"--resign", "movecount=2,score=9", "--adjudicate", "moves=3,score=9"},
       "give one of --resign and --adjudicate"},
  };
  for (const Bad& b : bad) {
    auto parsed = with(b.args);
    ASSERT_FALSE(parsed) << b.error;
    EXPECT_EQ(parsed.error(), b.error);
  }
}

TEST(ArenaOptions, OpeningsCommandLine) {
  auto options = parse_openings_args(
      {"--edition", "2016", "--plies", "8", "--count", "5", "--max-eval", "50", "--seed", "7"});
  ASSERT_TRUE(options) << options.error();
  EXPECT_EQ(options->generator.edition, kernel::Edition::k2016);
  EXPECT_EQ(options->generator.plies, 8);
  EXPECT_EQ(options->generator.count, 5);
  EXPECT_EQ(options->generator.max_eval_cp, 50);
  EXPECT_EQ(options->generator.seed, 7u);
  EXPECT_TRUE(options->seed_given);
  EXPECT_FALSE(parse_openings_args({"--plies"}));
  EXPECT_FALSE(parse_openings_args({"--plies", "x"}));
  EXPECT_FALSE(parse_openings_args({"--colour", "red"}));
}

}  // namespace
}  // namespace leiser::arena
