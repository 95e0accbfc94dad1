// Perft against the shared vectors, in both modes and both editions.
#include <gtest/gtest.h>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/perft.h"
#include "tests/support/vectors.h"

namespace leiser::kernel {
namespace {

// The default suite runs every vector below this count; PerftLong runs all.
constexpr std::uint64_t kDefaultSuiteLimit = 50'000'000;

void check_file(const std::string& file, Edition edition, std::uint64_t limit, int threads) {
  const auto vectors = testing::read_perft_vectors(file);
  int checked = 0;
  for (const auto& v : vectors) {
    const auto pos = parse_fen(v.fen, edition);
    ASSERT_TRUE(pos.has_value()) << v.fen << ": " << pos.error();
    for (const PerftMode mode : {PerftMode::kLegal, PerftMode::kPseudo}) {
      const std::uint64_t expected = mode == PerftMode::kLegal ? v.legal : v.pseudo;
      if (expected >= limit) continue;
      EXPECT_EQ(perft(*pos, nullptr, {v.depth, mode, threads}), expected)
          << file << " " << (mode == PerftMode::kLegal ? "legal" : "pseudo") << " depth " << v.depth
          << " threads " << threads << " fen " << v.fen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(PerftVectors, Edition2016) {
  check_file("perft-2016.tsv", Edition::k2016, kDefaultSuiteLimit, 1);
}
TEST(PerftVectors, Edition2018) {
  check_file("perft-2018.tsv", Edition::k2018, kDefaultSuiteLimit, 1);
}
TEST(PerftVectors, Edition2016TwoThreads) {
  check_file("perft-2016.tsv", Edition::k2016, kDefaultSuiteLimit, 2);
}
TEST(PerftVectors, Edition2018TwoThreads) {
  check_file("perft-2018.tsv", Edition::k2018, kDefaultSuiteLimit, 2);
}

TEST(Perft, DivideSumsToPerft) {
  const auto pos = parse_fen(start_fen(Edition::k2016), Edition::k2016);
  ASSERT_TRUE(pos.has_value());
  for (int threads : {1, 2}) {
    const auto parts = perft_divide(*pos, nullptr, {3, PerftMode::kLegal, threads});
    std::uint64_t total = 0;
    for (const auto& [move, count] : parts) total += count;
    EXPECT_EQ(parts.size(), 65u);
    EXPECT_EQ(total, 281474u);
  }
}

TEST(Perft, KoAppliesAtTheRootWithHistory) {
  // Tangerine's King swaps with the Lavender Pawn on g1; swapping straight
  // back would restore the board before that move, so Ko forbids it.
  auto game = Game::from_fen("ss7/8/8/8/8/8/6nw1/7NN W", Edition::k2016);
  ASSERT_TRUE(game.has_value());
  Game g = *game;
  ASSERT_TRUE(g.play("h0g1").has_value());
  const std::uint64_t with_ko = perft(g.position(), g.ko_board(), {1, PerftMode::kLegal, 1});
  const std::uint64_t without_ko = perft(g.position(), nullptr, {1, PerftMode::kLegal, 1});
  EXPECT_EQ(with_ko, static_cast<std::uint64_t>(g.legal_moves().size()));
  EXPECT_EQ(with_ko + 1, without_ko);
  // Depth 2 from the game start must agree with the tree built move by move.
  std::uint64_t by_hand = 0;
  const Game root = *game;
  for (Move m : root.legal_moves()) {
    Game child = root;
    ASSERT_TRUE(child.play(m).has_value());
    by_hand += child.is_over() ? 1 : child.legal_moves().size();
  }
  EXPECT_EQ(perft(root.position(), nullptr, {2, PerftMode::kLegal, 1}), by_hand);
}

TEST(PerftLong, AllVectors2016) { check_file("perft-2016.tsv", Edition::k2016, UINT64_MAX, 1); }
TEST(PerftLong, AllVectors2018) { check_file("perft-2018.tsv", Edition::k2018, UINT64_MAX, 1); }
TEST(PerftLong, AllVectorsThreaded) {
  check_file("perft-2016.tsv", Edition::k2016, UINT64_MAX, 4);
  check_file("perft-2018.tsv", Edition::k2018, UINT64_MAX, 4);
}
TEST(PerftLong, StartPosition2016PseudoDepth5) {
  const auto pos = parse_fen(start_fen(Edition::k2016), Edition::k2016);
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(perft(*pos, nullptr, {5, PerftMode::kPseudo, 2}), 2'850'063'617ull);
}

}  // namespace
}  // namespace leiser::kernel
