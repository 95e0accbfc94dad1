// The library's accumulator and evaluation against a reference written here
// in plain loops straight from nnue/README.md, on thousands of positions.
//
// Built three times (tests/nnue/meson.build): against the baseline library
// (the plain branches) and against the nnue sources compiled with the avx2
// and the avx512 core flags. This file itself is always baseline code, so an
// executable whose instruction set the CPU lacks gets as far as the skip.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string_view>
#include <vector>

#include "kernel/random_boards.h"
#include "nnue/accumulator.h"
#include "nnue/inference.h"
#include "nnue/network.h"
#include "simd/cpu.h"
#include "tests/nnue/game_walks.h"

#ifndef LEISER_NNUE_EXPECTED_BRANCH
#define LEISER_NNUE_EXPECTED_BRANCH "plain"
#endif

namespace leiser::nnue {
namespace {

constexpr std::string_view kExpectedBranch = LEISER_NNUE_EXPECTED_BRANCH;

// Skips the test when this CPU cannot run the branch under test.
#define SKIP_UNLESS_CPU_RUNS_BRANCH()                                                           \
  do {                                                                                          \
    const simd::FeatureSet needed =                                                             \
        kExpectedBranch == "avx512" ? simd::kFeaturesAvx512Implementation                       \
        : kExpectedBranch == "avx2" ? simd::kFeaturesAvx2Implementation                         \
                                    : simd::FeatureSet{0};                                      \
    if ((simd::cpu_features() & needed) != needed)                                              \
      GTEST_SKIP() << "this CPU lacks " << simd::feature_names(needed & ~simd::cpu_features()); \
  } while (false)

struct Reference {
  std::int16_t acc[2][128];
};

// Step 1, from the feature table of the contract.
Reference reference_accumulator(const Network& net, const kernel::Board& board) {
  Reference r;
  for (int perspective = 0; perspective < 2; ++perspective) {
    std::int64_t sum[128];
    for (int j = 0; j < 128; ++j) sum[j] = net.ft_biases[j];
    for (int s = 0; s < 64; ++s) {
      const auto piece = board.piece_at(static_cast<kernel::Square>(s));
      if (!piece) continue;
      const int colour = piece->color == kernel::Color::kTangerine ? 0 : 1;
      const int type = piece->type == kernel::PieceType::kKing ? 1 : 0;
      const int square = perspective == 0 ? s : 63 - s;
      const int orientation = perspective == 0 ? piece->orientation : (piece->orientation + 2) % 4;
      const int rel = colour == perspective ? 0 : 1;
      const int feature = ((rel * 2 + type) * 4 + orientation) * 64 + square;
      for (int j = 0; j < 128; ++j) sum[j] += net.ft_weights[feature * 128 + j];
    }
    // Wrap modulo 2^16 into [-32768, 32767].
    for (int j = 0; j < 128; ++j) {
      std::int64_t w = ((sum[j] % 65536) + 65536) % 65536;
      r.acc[perspective][j] = static_cast<std::int16_t>(w >= 32768 ? w - 65536 : w);
    }
  }
  return r;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// Steps 2 to 6, in 64-bit so that the reference itself cannot overflow.
int reference_evaluate(const Network& net, const Reference& r, kernel::Color side_to_move) {
  const int us = side_to_move == kernel::Color::kTangerine ? 0 : 1;
  std::int64_t h0[256];
  for (int k = 0; k < 256; ++k) {
    const int value = k < 128 ? r.acc[us][k] : r.acc[1 - us][k - 128];
    h0[k] = std::clamp(value, 0, 127);
  }
  std::int64_t h1[16];
  for (int i = 0; i < 16; ++i) {
    std::int64_t z = net.l1_biases[i];
    for (int k = 0; k < 256; ++k) z += net.l1_weights[i * 256 + k] * h0[k];
    EXPECT_LT(std::abs(z), std::int64_t{1} << 31);
    h1[i] = std::clamp<std::int64_t>(floor_div(z, 1024), 0, 127);
  }
  std::int64_t h2[32];
  for (int i = 0; i < 32; ++i) {
    std::int64_t z = net.l2_biases[i];
    for (int k = 0; k < 16; ++k) z += net.l2_weights[i * 16 + k] * h1[k];
    h2[i] = std::clamp<std::int64_t>(floor_div(z, 1024), 0, 127);
  }
  std::int64_t out = net.out_bias;
  for (int i = 0; i < 32; ++i) out += net.out_weights[i] * h2[i];
  const std::int64_t magnitude = (out < 0 ? -out : out) * 100 / kOutputScale;  // towards zero
  return static_cast<int>(out < 0 ? -magnitude : magnitude);
}

::testing::AssertionResult matches(const Accumulator& acc, const Reference& r) {
  for (int p = 0; p < 2; ++p)
    for (int j = 0; j < 128; ++j)
      if (acc.values[p][j] != r.acc[p][j])
        return ::testing::AssertionFailure() << "perspective " << p << " value " << j << ": "
                                             << acc.values[p][j] << ", reference " << r.acc[p][j];
  return ::testing::AssertionSuccess();
}

// A net at the ends of the contract's ranges: any int16 weight, biases up to
// +-2^30. Accumulators wrap and clamp at both ends; hidden sums come near 2^31.
Network extreme_network(std::uint64_t seed) {
  Network net = random_network(kernel::Edition::k2018, seed);
  std::mt19937_64 rng(seed);
  auto any16 = [&rng] { return static_cast<std::int16_t>(rng()); };
  auto bias = [&rng] {
    return static_cast<std::int32_t>(rng() % (2 * std::uint64_t{kBiasLimit} + 1)) - kBiasLimit;
  };
  for (auto& w : net.ft_weights) w = any16();
  for (auto& w : net.l1_weights) w = any16();
  for (auto& w : net.l2_weights) w = any16();
  for (auto& w : net.out_weights) w = any16();
  for (auto& b : net.l1_biases) b = bias();
  for (auto& b : net.l2_biases) b = bias();
  net.out_bias = bias();
  // Some rows all at the extremes: the largest sums the contract allows.
  for (int k = 0; k < 256; ++k) {
    net.l1_weights[0 * 256 + k] = 32767;
    net.l1_weights[1 * 256 + k] = -32768;
  }
  net.l1_biases[0] = kBiasLimit;
  net.l1_biases[1] = -kBiasLimit;
  return net;
}

TEST(NnueReference, BuildRunsTheExpectedBranch) {
  SKIP_UNLESS_CPU_RUNS_BRANCH();
  EXPECT_EQ(kernel_branch(), kExpectedBranch);
}

// Along random games: the incremental accumulator and the evaluation for
// both sides to move against the reference, every ply.
struct Tally {
  int positions = 0;
  int values = 0, clipped_low = 0, clipped_high = 0;  // accumulator values
  int large_scores = 0;                               // |cp| > 50
};

void check_games(kernel::Edition edition, const Network& net, int games, std::uint64_t seed,
                 Tally& tally) {
  for (const auto& walk : testing::random_games(edition, games, seed)) {
    Accumulator acc;
    refresh(net, walk[0].board, acc);
    for (const auto& step : walk) {
      update(net, acc, step.board, acc);
      const Reference r = reference_accumulator(net, step.board);
      ASSERT_TRUE(matches(acc, r));
      for (kernel::Color stm : {kernel::Color::kTangerine, kernel::Color::kLavender}) {
        const int cp = evaluate(net, acc, stm);
        ASSERT_EQ(cp, reference_evaluate(net, r, stm));
        ASSERT_EQ(evaluate_board(net, step.board, stm), cp);
        tally.large_scores += std::abs(cp) > 50;
      }
      ++tally.positions;
      for (int j = 0; j < 128; ++j) {
        ++tally.values;
        tally.clipped_low += r.acc[0][j] <= 0;
        tally.clipped_high += r.acc[0][j] >= 127;
      }
    }
  }
}

TEST(NnueReference, RandomGamesBothEditions) {
  SKIP_UNLESS_CPU_RUNS_BRANCH();
  Tally tally;
  check_games(kernel::Edition::k2016, random_network(kernel::Edition::k2016, 31), 40, 301, tally);
  check_games(kernel::Edition::k2018, random_network(kernel::Edition::k2018, 32), 40, 302, tally);
  EXPECT_GT(tally.positions, 3000);
  // The random net is realistic: accumulator values clipped at both ends and
  // in between, and scores of all sizes.
  std::printf("positions %d, values clipped at 0: %d, at 127: %d of %d, |cp| > 50: %d of %d\n",
              tally.positions, tally.clipped_low, tally.clipped_high, tally.values,
              tally.large_scores, 2 * tally.positions);
  EXPECT_GT(tally.clipped_low, tally.values / 10);
  EXPECT_GT(tally.clipped_high, tally.values / 20);
  EXPECT_GT(tally.values - tally.clipped_low - tally.clipped_high, tally.values / 3);
  EXPECT_GT(tally.large_scores, 2 * tally.positions / 5);
  EXPECT_LT(tally.large_scores, 2 * tally.positions * 4 / 5);
}

TEST(NnueReference, SyntheticAndMazeBoards) {
  SKIP_UNLESS_CPU_RUNS_BRANCH();
  const Network net = random_network(kernel::Edition::k2018, 33);
  auto samples = kernel::random_boards::synthetic_samples(1500, 34);
  const auto mazes = kernel::random_boards::maze_samples(1500, 35);
  samples.insert(samples.end(), mazes.begin(), mazes.end());
  for (const auto& sample : samples) {
    Accumulator acc;
    refresh(net, sample.board, acc);
    const Reference r = reference_accumulator(net, sample.board);
    ASSERT_TRUE(matches(acc, r));
    ASSERT_EQ(evaluate(net, acc, sample.shooter), reference_evaluate(net, r, sample.shooter));
  }
}

TEST(NnueReference, ExtremeNetwork) {
  SKIP_UNLESS_CPU_RUNS_BRANCH();
  for (std::uint64_t seed : {41, 42, 43}) {
    const Network net = extreme_network(seed);
    auto samples = kernel::random_boards::synthetic_samples(700, seed);
    const auto games = kernel::random_boards::game_samples(kernel::Edition::k2016, 700, seed);
    samples.insert(samples.end(), games.begin(), games.end());
    Accumulator acc;
    refresh(net, samples[0].board, acc);
    for (const auto& sample : samples) {
      update(net, acc, sample.board, acc);
      const Reference r = reference_accumulator(net, sample.board);
      ASSERT_TRUE(matches(acc, r));
      for (kernel::Color stm : {kernel::Color::kTangerine, kernel::Color::kLavender})
        ASSERT_EQ(evaluate(net, acc, stm), reference_evaluate(net, r, stm));
    }
  }
}

TEST(NnueReference, HandComputedNetwork) {
  SKIP_UNLESS_CPU_RUNS_BRANCH();
  // All zero but a path from one accumulator value to the output, so that
  // the result can be worked out by hand: every piece adds 3 to value 0 of
  // each perspective.
  Network net = random_network(kernel::Edition::k2018, 0);
  std::fill(net.ft_weights.begin(), net.ft_weights.end(), 0);
  std::fill(net.ft_biases.begin(), net.ft_biases.end(), 0);
  std::fill(net.l1_weights.begin(), net.l1_weights.end(), 0);
  std::fill(net.l1_biases.begin(), net.l1_biases.end(), 0);
  std::fill(net.l2_weights.begin(), net.l2_weights.end(), 0);
  std::fill(net.l2_biases.begin(), net.l2_biases.end(), 0);
  std::fill(net.out_weights.begin(), net.out_weights.end(), 0);
  for (int f = 0; f < kFeatureCount; ++f) net.ft_weights[f * 128] = 3;
  net.ft_biases[0] = -5;
  net.l1_weights[0 * 256 + 0] = 1024;    // h1[0] = acc[stm][0]
  net.l1_weights[0 * 256 + 128] = -512;  // minus half of acc[other][0]
  net.l1_biases[0] = 100 * 1024;
  net.l2_weights[0] = 1024;  // h2[0] = h1[0]
  net.out_weights[0] = -3360;
  net.out_bias = 130048 * 3;  // three Pawns
  const kernel::Board board =
      kernel::parse_fen(kernel::start_fen(kernel::Edition::k2018), kernel::Edition::k2018)
          .value()
          .board();
  const int pieces = kernel::popcount(board.occupied());
  const int a = std::clamp(3 * pieces - 5, 0, 127);
  const int h1 = std::clamp(floor_div(std::int64_t{1024} * a - 512 * a + 100 * 1024, 1024),
                            std::int64_t{0}, std::int64_t{127});
  const std::int64_t out = 130048 * 3 - 3360 * h1;
  const int expected = static_cast<int>(out * 100 / 130048);
  EXPECT_EQ(evaluate_board(net, board, kernel::Color::kTangerine), expected);
  EXPECT_EQ(evaluate_board(net, board, kernel::Color::kLavender), expected);
  EXPECT_EQ(pieces, 16);
  EXPECT_EQ(a, 43);          // 16 * 3 - 5
  EXPECT_EQ(h1, 121);        // floor(43 - 21.5 + 100)
  EXPECT_EQ(out, -16416);    // 390144 - 3360 * 121
  EXPECT_EQ(expected, -12);  // -12.6 centipawns, truncated towards zero (floor would give -13)
}

}  // namespace
}  // namespace leiser::nnue
