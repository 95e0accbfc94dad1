// The perft table (kernel/perft_table.h): its entries, its keys, and perft
// through it giving the same counts as perft without it.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/perft.h"
#include "kernel/perft_table.h"
#include "tests/support/vectors.h"

namespace leiser::kernel {
namespace {

constexpr std::uint64_t kDefaultSuiteLimit = 50'000'000;

TEST(PerftTable, StoredCountIsFoundOnlyForItsKeyAndDepth) {
  PerftTable table(1);
  const PerftKey key{12345, 0xABCDEF0123456789ULL};
  EXPECT_FALSE(table.probe(key, 3).has_value());
  table.store(key, 3, 987654321);
  ASSERT_TRUE(table.probe(key, 3).has_value());
  EXPECT_EQ(*table.probe(key, 3), 987654321u);
  EXPECT_FALSE(table.probe(key, 4).has_value());
  EXPECT_FALSE(table.probe(PerftKey{key.slot, key.check ^ 1}, 3).has_value());
  // A zero count is a count (a position with no moves), not an empty entry.
  const PerftKey other{12345, 42};
  table.store(other, 2, 0);
  ASSERT_TRUE(table.probe(other, 2).has_value());
  EXPECT_EQ(*table.probe(other, 2), 0u);
  EXPECT_EQ(*table.probe(key, 3), 987654321u);
}

TEST(PerftTable, FullBucketGivesUpItsShallowestEntry) {
  PerftTable table(1);
  // Same slot, five positions: the bucket holds four.
  const std::uint64_t slot = 7;
  for (int i = 0; i < 4; ++i) table.store({slot, 100u + i}, 5 + i, 1000u + i);  // depths 5..8
  table.store({slot, 200}, 6, 2000);  // replaces the depth-5 entry
  EXPECT_FALSE(table.probe({slot, 100}, 5).has_value());
  EXPECT_EQ(table.probe({slot, 200}, 6).value_or(0), 2000u);
  for (int i = 1; i < 4; ++i)
    EXPECT_EQ(table.probe({slot, 100u + i}, 5 + i).value_or(0), 1000u + i);
  // Another slot's bucket is untouched by all this.
  EXPECT_FALSE(table.probe({slot + 1, 200}, 6).has_value());
}

TEST(PerftTable, CountTooLargeIsNotKept) {
  PerftTable table(1);
  table.store({1, 2}, 3, PerftTable::kMaxLeaves + 1);
  EXPECT_FALSE(table.probe({1, 2}, 3).has_value());
  table.store({1, 2}, 3, PerftTable::kMaxLeaves);
  EXPECT_EQ(table.probe({1, 2}, 3).value_or(0), PerftTable::kMaxLeaves);
}

TEST(PerftTable, SizeIsAPowerOfTwoWithinTheBudget) {
  EXPECT_EQ(PerftTable(1).bytes(), 1u << 20);
  EXPECT_EQ(PerftTable(3).bytes(), 2u << 20);
  EXPECT_EQ(PerftTable(0).bytes(), 64u);  // one bucket
  EXPECT_EQ(PerftTable(1).entry_count(), (1u << 20) / 16);
}

TEST(PerftKey, SeparatesSideAndSalt) {
  const auto pos = parse_fen(start_fen(Edition::k2018), Edition::k2018);
  ASSERT_TRUE(pos.has_value());
  const Board& board = pos->board();
  const PerftKey base = perft_key(board, Color::kTangerine, 1);
  EXPECT_EQ(perft_key(board, Color::kTangerine, 1).check, base.check);
  EXPECT_EQ(perft_key(board, Color::kTangerine, 1).slot, base.slot);
  EXPECT_NE(base.slot, base.check);
  for (const PerftKey& other :
       {perft_key(board, Color::kLavender, 1), perft_key(board, Color::kTangerine, 2)}) {
    EXPECT_NE(other.check, base.check);
    EXPECT_NE(other.slot, base.slot);
  }
  // One piece turned: a different key.
  Board turned = board;
  turned.orientation_low ^= turned.kings & turned.by_color[0];
  EXPECT_NE(perft_key(turned, Color::kTangerine, 1).check, base.check);
}

// Every vector under the limit, in both modes, through one table shared by
// both editions, both modes and every depth: counts must equal the vectors.
void check_file_through(PerftTable& table, const std::string& file, Edition edition,
                        std::uint64_t limit, int threads) {
  int checked = 0;
  for (const auto& v : testing::read_perft_vectors(file)) {
    const auto pos = parse_fen(v.fen, edition);
    ASSERT_TRUE(pos.has_value()) << v.fen << ": " << pos.error();
    for (const PerftMode mode : {PerftMode::kLegal, PerftMode::kPseudo}) {
      const std::uint64_t expected = mode == PerftMode::kLegal ? v.legal : v.pseudo;
      if (expected >= limit) continue;
      PerftRequest request{v.depth, mode, threads};
      request.table = &table;
      EXPECT_EQ(perft(*pos, nullptr, request), expected)
          << file << " " << (mode == PerftMode::kLegal ? "legal" : "pseudo") << " depth " << v.depth
          << " threads " << threads << " table " << table.bytes() << " fen " << v.fen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(PerftThroughTable, VectorsWithATinyTable) {
  // 1 MiB: entries are replaced all the time, and kept ones are reused.
  PerftTable table(1);
  for (int threads : {1, 2}) {
    check_file_through(table, "perft-2016.tsv", Edition::k2016, kDefaultSuiteLimit, threads);
    check_file_through(table, "perft-2018.tsv", Edition::k2018, kDefaultSuiteLimit, threads);
  }
}

TEST(PerftThroughTable, VectorsWithALargeTable) {
  PerftTable table(64);
  for (int threads : {2, 1}) {
    check_file_through(table, "perft-2018.tsv", Edition::k2018, kDefaultSuiteLimit, threads);
    check_file_through(table, "perft-2016.tsv", Edition::k2016, kDefaultSuiteLimit, threads);
  }
}

TEST(PerftThroughTable, KoIsAppliedToStoredCounts) {
  // As in Perft.KoAppliesAtTheRootWithHistory: after h0g1, swapping back is
  // Ko. Legal counts are stored without their Ko board and corrected for it:
  // the same table is asked with and without that history, in both orders.
  auto game = Game::from_fen("ss7/8/8/8/8/8/6nw1/7NN W", Edition::k2016);
  ASSERT_TRUE(game.has_value());
  Game g = *game;
  ASSERT_TRUE(g.play("h0g1").has_value());
  for (int depth : {2, 3, 4}) {
    const std::uint64_t with_ko = perft(g.position(), g.ko_board(), {depth, PerftMode::kLegal, 1});
    const std::uint64_t without_ko = perft(g.position(), nullptr, {depth, PerftMode::kLegal, 1});
    ASSERT_NE(with_ko, without_ko) << depth;
    PerftTable table(4);
    PerftRequest request{depth, PerftMode::kLegal, 1};
    request.table = &table;
    EXPECT_EQ(perft(g.position(), g.ko_board(), request), with_ko) << depth;
    EXPECT_EQ(perft(g.position(), nullptr, request), without_ko) << depth;
    EXPECT_EQ(perft(g.position(), g.ko_board(), request), with_ko) << depth;
    PerftTable other(4);
    request.table = &other;
    EXPECT_EQ(perft(g.position(), nullptr, request), without_ko) << depth;
    EXPECT_EQ(perft(g.position(), g.ko_board(), request), with_ko) << depth;
  }
}

TEST(PerftThroughTable, StoppedCountIsNotKept) {
  const auto pos = parse_fen(start_fen(Edition::k2018), Edition::k2018);
  ASSERT_TRUE(pos.has_value());
  const std::uint64_t expected = perft(*pos, nullptr, {4, PerftMode::kLegal, 1});
  PerftTable table(16);
  const std::atomic<bool> stop{true};
  PerftRequest stopped{4, PerftMode::kLegal, 1};
  stopped.table = &table;
  stopped.stop = &stop;
  EXPECT_NE(perft(*pos, nullptr, stopped), expected);  // gave up: a meaningless count
  PerftRequest request{4, PerftMode::kLegal, 2};
  request.table = &table;
  EXPECT_EQ(perft(*pos, nullptr, request), expected);
}

TEST(PerftThroughTable, DivideSumsToPerft) {
  const auto pos = parse_fen(start_fen(Edition::k2016), Edition::k2016);
  ASSERT_TRUE(pos.has_value());
  PerftTable table(8);
  for (int threads : {1, 2}) {
    PerftRequest request{4, PerftMode::kPseudo, threads};
    request.table = &table;
    std::uint64_t total = 0;
    for (const auto& [move, count] : perft_divide(*pos, nullptr, request)) total += count;
    EXPECT_EQ(total, 36767050u);
  }
}

TEST(PerftDivide, ReportsEveryRootMoveOnce) {
  const auto pos = parse_fen(start_fen(Edition::k2018), Edition::k2018);
  ASSERT_TRUE(pos.has_value());
  for (int threads : {1, 2, 4}) {
    std::mutex mutex;
    std::vector<int> calls;
    std::vector<std::pair<Move, std::uint64_t>> reported;
    const auto parts = perft_divide(*pos, nullptr, {3, PerftMode::kLegal, threads},
                                    [&](std::size_t index, Move move, std::uint64_t leaves) {
                                      const std::lock_guard lock(mutex);
                                      if (calls.size() <= index) {
                                        calls.resize(index + 1);
                                        reported.resize(index + 1);
                                      }
                                      ++calls[index];
                                      reported[index] = {move, leaves};
                                    });
    ASSERT_EQ(calls.size(), parts.size()) << threads;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      EXPECT_EQ(calls[i], 1) << threads << " " << i;
      EXPECT_EQ(reported[i], parts[i]) << threads << " " << i;
    }
    std::uint64_t total = 0;
    for (const auto& [move, count] : parts) total += count;
    EXPECT_EQ(total, perft(*pos, nullptr, {3, PerftMode::kLegal, 1}));
  }
}

TEST(PerftLong, AllVectorsThroughTable) {
  PerftTable table(256);
  check_file_through(table, "perft-2016.tsv", Edition::k2016, UINT64_MAX, 2);
  check_file_through(table, "perft-2018.tsv", Edition::k2018, UINT64_MAX, 2);
}

}  // namespace
}  // namespace leiser::kernel
