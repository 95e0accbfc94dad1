// The C API (capi/leiserchess.h) through the shared library of the build
// tree: every call's statuses and messages, and its answers against the
// kernel and evaluation called directly (exported by the same library).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "capi/leiserchess.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "search/benchmark.h"
#include "search/evaluate.h"
#include "simd/dispatch.h"
#include "tests/support/hang_bound.h"

namespace {

using leiser::kernel::Edition;
using leiser::kernel::Game;

// An engine for one test: one thread, a small table.
class Capi : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(leiser_engine_create(&engine_), LEISER_OK);
    ASSERT_NE(engine_, nullptr);
    ASSERT_EQ(leiser_engine_set_option(engine_, "threads", "1"), LEISER_OK);
    ASSERT_EQ(leiser_engine_set_option(engine_, "hash", "8"), LEISER_OK);
  }
  void TearDown() override { leiser_engine_destroy(engine_); }

  std::string fen() {
    char buf[128];
    EXPECT_EQ(leiser_engine_get_fen(engine_, buf, sizeof buf), LEISER_OK)
        << leiser_last_error(engine_);
    return buf;
  }
  std::string error() const { return leiser_last_error(engine_); }

  leiser_engine* engine_ = nullptr;
};

Game game_after(Edition edition, const std::vector<std::string>& moves) {
  Game game = Game::start(edition);
  EXPECT_TRUE(game.play_all(moves));
  return game;
}

TEST(CapiBasics, VersionStatusNamesAndNullArguments) {
  EXPECT_STREQ(leiser_version(), LEISER_VERSION);
  EXPECT_STREQ(leiser_status_name(LEISER_OK), "LEISER_OK");
  EXPECT_STREQ(leiser_status_name(LEISER_ERROR_BUSY), "LEISER_ERROR_BUSY");
  EXPECT_STREQ(leiser_status_name(static_cast<leiser_status>(99)), "LEISER_UNKNOWN_STATUS");
  EXPECT_EQ(leiser_engine_create(nullptr), LEISER_ERROR_INVALID_ARGUMENT);
  leiser_engine_destroy(nullptr);  // allowed, does nothing
  EXPECT_STREQ(leiser_last_error(nullptr), "no engine (NULL)");
  EXPECT_EQ(leiser_engine_set_option(nullptr, "threads", "1"), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(leiser_engine_stop(nullptr), LEISER_ERROR_INVALID_ARGUMENT);
  uint64_t leaves = 0;
  EXPECT_EQ(leiser_engine_perft(nullptr, 1, &leaves), LEISER_ERROR_INVALID_ARGUMENT);
  const leiser_limits none = leiser_limits_none();
  EXPECT_EQ(none.depth, 0);
  EXPECT_EQ(none.nodes, 0u);
  EXPECT_EQ(none.movetime_ms, 0);
  EXPECT_EQ(none.time_ms, -1);
  EXPECT_EQ(none.infinite, 0);
}

TEST_F(Capi, OptionsAreCheckedWithOneLineMessages) {
  EXPECT_EQ(leiser_engine_set_option(engine_, "Use_Ko", "false"), LEISER_OK);
  EXPECT_EQ(error(), "");
  EXPECT_EQ(leiser_engine_set_option(engine_, "frobnicate", "1"), LEISER_ERROR_BAD_OPTION);
  EXPECT_EQ(error(), "unknown option 'frobnicate'");
  EXPECT_EQ(leiser_engine_set_option(engine_, "threads", "many"), LEISER_ERROR_BAD_OPTION);
  EXPECT_EQ(error(), "option threads expects an integer, got 'many'");
  EXPECT_EQ(leiser_engine_set_option(engine_, "threads", nullptr), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "set_option: name and value are required");
  // A success clears the message.
  EXPECT_EQ(leiser_engine_set_option(engine_, "threads", "1"), LEISER_OK);
  EXPECT_EQ(error(), "");
}

TEST_F(Capi, PositionsByFenAndMoves) {
  // The default edition is 2018; `edition` resets to that edition's start.
  EXPECT_EQ(fen(), std::string(leiser::kernel::start_fen(Edition::k2018)));
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  EXPECT_EQ(fen(), std::string(leiser::kernel::start_fen(Edition::k2016)));
  ASSERT_EQ(leiser_engine_set_position(engine_, nullptr, "h4g5 a3a2"), LEISER_OK) << error();
  const std::string after =
      leiser::kernel::to_fen(game_after(Edition::k2016, {"h4g5", "a3a2"}).position());
  EXPECT_EQ(fen(), after);
  // An illegal move: an error naming it, and the position is unchanged.
  EXPECT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5 c4R"), LEISER_ERROR_BAD_POSITION);
  EXPECT_NE(error().find("c4R"), std::string::npos) << error();
  EXPECT_NE(error().find("(position unchanged)"), std::string::npos) << error();
  EXPECT_EQ(fen(), after);
  EXPECT_EQ(leiser_engine_set_position(engine_, "ss7/8/8/8/8/8/8/7NX W", ""),
            LEISER_ERROR_BAD_POSITION);
  EXPECT_NE(error().find("FEN"), std::string::npos) << error();
  EXPECT_EQ(fen(), after);
  ASSERT_EQ(leiser_engine_set_position(engine_, "ss7/8/8/8/8/8/8/7NN B", nullptr), LEISER_OK)
      << error();
  EXPECT_EQ(fen(), "ss7/8/8/8/8/8/8/7NN B");
  // A buffer too small for the FEN: an error and an empty string.
  char small[8] = "xxxxxxx";
  EXPECT_EQ(leiser_engine_get_fen(engine_, small, sizeof small), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(small, "");
  EXPECT_EQ(error(), "get_fen: the FEN needs 22 bytes");
}

TEST_F(Capi, PerftAgreesWithTheKernelAndHonoursKo) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5 a3a2"), LEISER_OK);
  const Game game = game_after(Edition::k2016, {"h4g5", "a3a2"});
  for (int depth = 1; depth <= 3; ++depth) {
    uint64_t leaves = 0;
    ASSERT_EQ(leiser_engine_perft(engine_, depth, &leaves), LEISER_OK) << error();
    EXPECT_EQ(leaves, leiser::kernel::perft(game.position(), game.ko_board(), {depth}));
  }
  // The history matters: after h0g1, Ko forbids the reply h0g1 (it would recreate the
  // board before the last move), which the FEN alone, without history, allows.
  const char* ko_fen = "ss7/8/8/8/8/8/6nw1/7NN W";
  ASSERT_EQ(leiser_engine_set_position(engine_, ko_fen, "h0g1"), LEISER_OK) << error();
  uint64_t with_history = 0, from_fen = 0;
  ASSERT_EQ(leiser_engine_perft(engine_, 1, &with_history), LEISER_OK);
  const std::string after = fen();
  ASSERT_EQ(leiser_engine_set_position(engine_, after.c_str(), nullptr), LEISER_OK);
  ASSERT_EQ(leiser_engine_perft(engine_, 1, &from_fen), LEISER_OK);
  const auto position = leiser::kernel::parse_fen(after, Edition::k2016);
  ASSERT_TRUE(position.has_value());
  EXPECT_EQ(from_fen, leiser::kernel::perft(*position, nullptr, {1}));
  EXPECT_EQ(from_fen, with_history + 1);
  uint64_t leaves = 7;
  EXPECT_EQ(leiser_engine_perft(engine_, 0, &leaves), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "perft: depth 0 is not in 1..10");
  EXPECT_EQ(leiser_engine_perft(engine_, 11, &leaves), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(leiser_engine_perft(engine_, 2, nullptr), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(leaves, 7u);
}

// Divided perft: one call per legal root move, each
// count the perft of the game after that move (its history included, for
// Ko), summing to the undivided total.
TEST_F(Capi, PerftDivideGivesEachRootMoveItsLeaves) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5 a3a2"), LEISER_OK);
  const Game game = game_after(Edition::k2016, {"h4g5", "a3a2"});
  struct Share {
    std::string move;
    uint64_t leaves;
  };
  std::vector<Share> shares;
  auto collect = [](const char* move, uint64_t leaves, void* user_data) {
    static_cast<std::vector<Share>*>(user_data)->push_back({move, leaves});
  };
  for (int depth = 1; depth <= 3; ++depth) {
    shares.clear();
    uint64_t total = 0, undivided = 0;
    ASSERT_EQ(leiser_engine_perft_divide(engine_, depth, collect, &shares, &total), LEISER_OK)
        << error();
    ASSERT_EQ(leiser_engine_perft(engine_, depth, &undivided), LEISER_OK);
    EXPECT_EQ(total, undivided);
    std::set<std::string> legal;
    for (const auto move : game.legal_moves()) legal.insert(leiser::kernel::move_to_string(move));
    ASSERT_EQ(shares.size(), legal.size());
    uint64_t sum = 0;
    for (const Share& share : shares) {
      EXPECT_EQ(legal.erase(share.move), 1u) << share.move << " is no legal move, or came twice";
      Game after = game;
      ASSERT_TRUE(after.play(share.move).has_value()) << share.move;
      const uint64_t expected =
          depth == 1 ? 1 : leiser::kernel::perft(after.position(), after.ko_board(), {depth - 1});
      EXPECT_EQ(share.leaves, expected) << share.move << " at depth " << depth;
      sum += share.leaves;
    }
    EXPECT_EQ(sum, total);
  }
  // No callback and no total: allowed, counts for nothing.
  EXPECT_EQ(leiser_engine_perft_divide(engine_, 2, nullptr, nullptr, nullptr), LEISER_OK);
  // A call from the callback finds the engine busy; the divide itself goes on.
  struct Reentry {
    leiser_engine* engine;
    std::vector<leiser_status> statuses;
  } reentry{engine_, {}};
  auto call_back_in = [](const char*, uint64_t, void* user_data) {
    auto* r = static_cast<Reentry*>(user_data);
    uint64_t leaves = 0;
    r->statuses.push_back(leiser_engine_perft(r->engine, 1, &leaves));
  };
  uint64_t total = 0;
  ASSERT_EQ(leiser_engine_perft_divide(engine_, 1, call_back_in, &reentry, &total), LEISER_OK);
  ASSERT_EQ(reentry.statuses.size(), total);
  for (const leiser_status status : reentry.statuses) EXPECT_EQ(status, LEISER_ERROR_BUSY);
  EXPECT_EQ(leiser_engine_perft_divide(engine_, 0, collect, &shares, &total),
            LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "perft_divide: depth 0 is not in 1..10");
  EXPECT_EQ(leiser_engine_perft_divide(nullptr, 1, collect, &shares, &total),
            LEISER_ERROR_INVALID_ARGUMENT);
}

// Perft by depth: every depth's count, in order, through the array and the
// callback alike, each equal to the undivided perft at that depth.
TEST_F(Capi, PerftByDepthGivesEveryDepthInOrder) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5"), LEISER_OK);
  struct Seen {
    std::vector<int> depths;
    std::vector<uint64_t> leaves;
  } seen;
  auto on_depth = [](int depth, uint64_t leaves, void* user_data) {
    auto* s = static_cast<Seen*>(user_data);
    s->depths.push_back(depth);
    s->leaves.push_back(leaves);
  };
  uint64_t counts[3] = {0, 0, 0};
  ASSERT_EQ(leiser_engine_perft_by_depth(engine_, 3, counts, on_depth, &seen), LEISER_OK)
      << error();
  EXPECT_EQ(seen.depths, (std::vector<int>{1, 2, 3}));
  ASSERT_EQ(seen.leaves.size(), 3u);
  for (int depth = 1; depth <= 3; ++depth) {
    uint64_t leaves = 0;
    ASSERT_EQ(leiser_engine_perft(engine_, depth, &leaves), LEISER_OK);
    EXPECT_EQ(counts[depth - 1], leaves) << "depth " << depth;
    EXPECT_EQ(seen.leaves[depth - 1], leaves) << "depth " << depth;
  }
  EXPECT_LT(counts[0], counts[1]);
  EXPECT_LT(counts[1], counts[2]);
  // Either output may be left out; a depth out of range is refused at once.
  uint64_t one = 0;
  EXPECT_EQ(leiser_engine_perft_by_depth(engine_, 1, &one, nullptr, nullptr), LEISER_OK);
  EXPECT_EQ(one, counts[0]);
  seen = {};
  EXPECT_EQ(leiser_engine_perft_by_depth(engine_, 2, nullptr, on_depth, &seen), LEISER_OK);
  EXPECT_EQ(seen.depths, (std::vector<int>{1, 2}));
  seen = {};
  EXPECT_EQ(leiser_engine_perft_by_depth(engine_, 11, counts, on_depth, &seen),
            LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "perft_by_depth: depth 11 is not in 1..10");
  EXPECT_TRUE(seen.depths.empty());
  EXPECT_EQ(leiser_engine_perft_by_depth(nullptr, 1, counts, nullptr, nullptr),
            LEISER_ERROR_INVALID_ARGUMENT);
}

TEST_F(Capi, EvaluationFollowsTheWeights) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_option(engine_, "Eval", "classic"),
            LEISER_OK);  // the weights are its terms
  ASSERT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5 a3a2 g3R"), LEISER_OK);
  const Game game = game_after(Edition::k2016, {"h4g5", "a3a2", "g3R"});
  int32_t score = 0;
  ASSERT_EQ(leiser_engine_evaluate(engine_, &score), LEISER_OK) << error();
  leiser::search::EvalParams params;
  EXPECT_EQ(score, leiser::search::evaluate(game.position(), params));
  ASSERT_EQ(leiser_engine_set_option(engine_, "pcentral", "2000"), LEISER_OK);
  leiser::search::eval::set_weight(params.weights_2016, "pcentral", 2000);
  ASSERT_EQ(leiser_engine_evaluate(engine_, &score), LEISER_OK);
  EXPECT_EQ(score, leiser::search::evaluate(game.position(), params));
  EXPECT_EQ(leiser_engine_evaluate(engine_, nullptr), LEISER_ERROR_INVALID_ARGUMENT);
}

// Tangerine's King on a0 faces north up the a-file to Lavender's King: any
// shift along the file that keeps it facing north zaps it.
constexpr const char* kZapFen = "ss7/8/8/8/8/8/8/NN7 W";

TEST_F(Capi, AFinishedGameHasNothingToSearchOrEvaluate) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_position(engine_, kZapFen, "a0a1"), LEISER_OK) << error();
  int32_t score = 0;
  EXPECT_EQ(leiser_engine_evaluate(engine_, &score), LEISER_ERROR_GAME_OVER);
  EXPECT_EQ(error(), "evaluate: the game is over");
  leiser_limits limits = leiser_limits_none();
  limits.depth = 2;
  leiser_result result;
  EXPECT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result),
            LEISER_ERROR_GAME_OVER);
  uint64_t leaves = 1;
  ASSERT_EQ(leiser_engine_perft(engine_, 2, &leaves), LEISER_OK);
  EXPECT_EQ(leaves, 0u);  // docs/rules-readings.md 1: a finished position has no moves
  // Before that move, the search finds the zap.
  ASSERT_EQ(leiser_engine_set_position(engine_, kZapFen, ""), LEISER_OK);
  ASSERT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result), LEISER_OK)
      << error();
  EXPECT_GT(result.mate, 0);
  Game zapped = Game::from_fen(kZapFen, Edition::k2016).value();
  ASSERT_TRUE(zapped.play(result.best_move)) << result.best_move;
  EXPECT_EQ(zapped.result(), leiser::kernel::GameResult::kTangerineWins);
}

struct Reports {
  std::vector<int> depths;
  std::vector<std::string> pvs;
};

void record_info(const leiser_info* info, void* user_data) {
  auto* reports = static_cast<Reports*>(user_data);
  reports->depths.push_back(info->depth);
  reports->pvs.emplace_back(info->pv);
}

TEST_F(Capi, SearchWithLimitsAndInfoLines) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5 a3a2"), LEISER_OK);
  leiser_limits limits = leiser_limits_none();
  leiser_result result;
  EXPECT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result),
            LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "search: no limit (set depth, nodes, movetime_ms or time_ms, or infinite)");
  limits.depth = 65;
  EXPECT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result),
            LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "search: depth 65 is not in 0..64");
  limits.depth = 0;
  limits.movetime_ms = -5;
  EXPECT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result),
            LEISER_ERROR_INVALID_ARGUMENT);

  limits = leiser_limits_none();
  limits.depth = 4;
  Reports reports;
  ASSERT_EQ(leiser_engine_search(engine_, &limits, record_info, &reports, &result), LEISER_OK)
      << error();
  EXPECT_EQ(result.depth, 4);
  // Every iteration reported, in order, the last with the result's line.
  ASSERT_FALSE(reports.depths.empty());
  for (int d = 1; d <= 4; ++d)
    EXPECT_NE(std::find(reports.depths.begin(), reports.depths.end(), d), reports.depths.end())
        << d;
  EXPECT_TRUE(std::is_sorted(reports.depths.begin(), reports.depths.end()));
  EXPECT_EQ(reports.pvs.back(), result.pv);
  // The best move is legal here and heads the principal variation.
  Game game = game_after(Edition::k2016, {"h4g5", "a3a2"});
  EXPECT_TRUE(game.parse_move(result.best_move)) << result.best_move;
  EXPECT_EQ(std::string(result.pv).rfind(result.best_move, 0), 0u) << result.pv;
  // One thread and a fresh table: the same search gives the same answer.
  const leiser_result first = result;
  ASSERT_EQ(leiser_engine_new_game(engine_), LEISER_OK);
  ASSERT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result), LEISER_OK);
  EXPECT_STREQ(result.best_move, first.best_move);
  EXPECT_EQ(result.nodes, first.nodes);
  EXPECT_EQ(result.score_cp, first.score_cp);
  // A node limit is honoured (the search polls it every 1,024 nodes).
  limits = leiser_limits_none();
  limits.nodes = 3000;
  ASSERT_EQ(leiser_engine_search(engine_, &limits, nullptr, nullptr, &result), LEISER_OK);
  EXPECT_LE(result.nodes, 3000u + 2048u);
  EXPECT_STRNE(result.best_move, "");
}

struct StopFromAnotherThread {
  std::atomic<int> reports{0};
};

void count_info(const leiser_info*, void* user_data) {
  ++static_cast<StopFromAnotherThread*>(user_data)->reports;
}

TEST_F(Capi, StopEndsAnInfiniteSearchAndOtherCallsAreRefusedMeanwhile) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  leiser_limits limits = leiser_limits_none();
  limits.infinite = 1;
  leiser_result result;
  StopFromAnotherThread state;
  leiser_status status = LEISER_ERROR_INTERNAL;
  std::thread searcher(
      [&] { status = leiser_engine_search(engine_, &limits, count_info, &state, &result); });
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (state.reports.load() == 0 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_GT(state.reports.load(), 0);
  // The engine is busy: another call is refused, not raced.
  EXPECT_EQ(leiser_engine_set_option(engine_, "hash", "16"), LEISER_ERROR_BUSY);
  int32_t score = 0;
  EXPECT_EQ(leiser_engine_evaluate(engine_, &score), LEISER_ERROR_BUSY);
  const auto stopped_at = std::chrono::steady_clock::now();
  EXPECT_EQ(leiser_engine_stop(engine_), LEISER_OK);
  searcher.join();
  // A hang detector: without the stop the search would never end.
  EXPECT_LT(std::chrono::steady_clock::now() - stopped_at,
            leiser::test::hang_bound(std::chrono::milliseconds(20000)));
  EXPECT_EQ(status, LEISER_OK) << error();
  EXPECT_STRNE(result.best_move, "");
  // Free again.
  EXPECT_EQ(leiser_engine_set_option(engine_, "hash", "16"), LEISER_OK) << error();
  EXPECT_EQ(leiser_engine_stop(engine_), LEISER_OK);  // no search: nothing happens
}

// The bench: the signature of the engine's edition at one thread, as
// search::run_bench counts it, with the engine's own game untouched; a
// stop from another thread ends a bench that would run for hours.
TEST_F(Capi, BenchGivesTheSignatureAndStops) {
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2016"), LEISER_OK);
  ASSERT_EQ(leiser_engine_set_position(engine_, "startpos", "h4g5"), LEISER_OK);
  const std::string before = fen();
  leiser_bench_result result{};
  ASSERT_EQ(leiser_engine_bench(engine_, 3, &result), LEISER_OK) << error();
  const auto expected = leiser::search::run_bench(3, Edition::k2016, 1);
  EXPECT_EQ(result.nodes, expected.nodes);
  EXPECT_EQ(result.moves_made, expected.moves_made);
  EXPECT_EQ(result.positions, 30u);
  EXPECT_EQ(result.stopped, 0);
  EXPECT_GT(result.nodes, 0u);
  EXPECT_EQ(fen(), before);
  ASSERT_EQ(leiser_engine_set_option(engine_, "edition", "2018"), LEISER_OK);
  ASSERT_EQ(leiser_engine_bench(engine_, 2, &result), LEISER_OK) << error();
  EXPECT_EQ(result.nodes, leiser::search::run_bench(2, Edition::k2018, 1).nodes);

  EXPECT_EQ(leiser_engine_bench(engine_, 0, &result), LEISER_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(error(), "bench: depth 0 is not in 1..30");
  EXPECT_EQ(leiser_engine_bench(engine_, 3, nullptr), LEISER_ERROR_INVALID_ARGUMENT);

  // Depth 30 would not end today: stop it, again and again until it returns
  // (a stop before the bench starts is forgotten, as a search's is).
  std::atomic<bool> done{false};
  leiser_status status = LEISER_ERROR_INTERNAL;
  std::thread bencher([&] {
    status = leiser_engine_bench(engine_, 30, &result);
    done = true;
  });
  const auto started = std::chrono::steady_clock::now();
  while (!done && std::chrono::steady_clock::now() - started <
                      leiser::test::hang_bound(std::chrono::milliseconds(60000))) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(leiser_engine_stop(engine_), LEISER_OK);
  }
  bencher.join();
  EXPECT_EQ(status, LEISER_OK) << error();
  EXPECT_EQ(result.stopped, 1);
  EXPECT_LT(result.positions, 30u);
  // Free again, and a bench after the stops runs in full.
  ASSERT_EQ(leiser_engine_bench(engine_, 1, &result), LEISER_OK) << error();
  EXPECT_EQ(result.stopped, 0);
  EXPECT_EQ(result.positions, 30u);
}

// The library runs the engine core (docs/isa-cores.md) of the SIMD
// implementation in force, as the executable does: the best this CPU runs,
// or LEISER_SIMD's (the capi-scalar test runs this suite with "scalar").
TEST(CApiCore, RunsTheCoreOfTheActiveImplementation) {
  const std::string core = leiser_core();
  const leiser::simd::Implementation* impl = leiser::simd::find(core);
  ASSERT_NE(impl, nullptr) << core;
  EXPECT_TRUE(impl->supported_by(leiser::simd::cpu_features())) << core;
  const std::string_view active = leiser::simd::active().name;
  bool built = active == "scalar";
#if LEISER_HAVE_CORE_AVX2
  built = built || active == "avx2";
#endif
#if LEISER_HAVE_CORE_AVX512
  built = built || active == "avx512";
#endif
  if (built) {
    EXPECT_EQ(core, active);
  }
  if (const char* forced = std::getenv("LEISER_SIMD"); forced && std::string(forced) == "scalar") {
    EXPECT_EQ(core, "scalar");
  }
}

}  // namespace
