// nnue/accumulator.h: the accumulator derived move by move equals the one
// computed from scratch, exactly, along random games of both editions.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "kernel/random_boards.h"
#include "nnue/accumulator.h"
#include "tests/nnue/game_walks.h"

namespace leiser::nnue {
namespace {

using testing::GameWalk;
using testing::random_games;

::testing::AssertionResult same_values(const Accumulator& a, const Accumulator& b) {
  for (int p = 0; p < kPerspectiveCount; ++p)
    for (int j = 0; j < kHalfDimensions; ++j)
      if (a.values[p][j] != b.values[p][j])
        return ::testing::AssertionFailure() << "perspective " << p << " value " << j << ": "
                                             << a.values[p][j] << " vs " << b.values[p][j];
  if (!(a.board == b.board)) return ::testing::AssertionFailure() << "boards differ";
  if (!a.valid || !b.valid) return ::testing::AssertionFailure() << "not valid";
  return ::testing::AssertionSuccess();
}

// The squares whose piece differs, square by square through piece_at.
kernel::Bitboard differing_squares(const kernel::Board& a, const kernel::Board& b) {
  kernel::Bitboard d = 0;
  for (int s = 0; s < 64; ++s)
    if (a.piece_at(static_cast<kernel::Square>(s)) != b.piece_at(static_cast<kernel::Square>(s)))
      d |= kernel::bit(static_cast<kernel::Square>(s));
  return d;
}

void check_games(kernel::Edition edition, const Network& net, int games, std::uint64_t seed) {
  int positions = 0, rotations = 0, shifts = 0, onto_piece = 0, zaps = 0, multi_zaps = 0;
  for (const GameWalk& walk : random_games(edition, games, seed)) {
    Accumulator parent, in_place, fresh;
    refresh(net, walk[0].board, parent);
    in_place = parent;
    for (std::size_t ply = 1; ply < walk.size(); ++ply) {
      const auto& step = walk[ply];
      const kernel::Board& before = walk[ply - 1].board;
      const kernel::Bitboard changed = changed_square_set(before, step.board);
      ASSERT_EQ(changed, differing_squares(before, step.board));
      ASSERT_EQ(changed & ~(step.touched | step.zapped), 0u)
          << "a square the move did not touch changed";
      ASSERT_EQ(changed_squares(before, step.board), kernel::popcount(changed));

      Accumulator child;  // a different object
      update(net, parent, step.board, child);
      update(net, in_place, step.board, in_place);  // the same object
      refresh(net, step.board, fresh);
      ASSERT_TRUE(same_values(child, fresh)) << "ply " << ply;
      ASSERT_TRUE(same_values(in_place, fresh)) << "ply " << ply << " (in place)";
      if (ply >= 4) {  // several moves at once
        Accumulator ancestor;
        refresh(net, walk[ply - 4].board, ancestor);
        Accumulator jumped;
        update(net, ancestor, step.board, jumped);
        ASSERT_TRUE(same_values(jumped, fresh)) << "ply " << ply << " from four plies back";
      }
      parent = child;

      ++positions;
      rotations += step.move.kind() == kernel::MoveKind::kRotate;
      shifts += step.move.kind() == kernel::MoveKind::kShift && !step.moved_onto_piece;
      onto_piece += step.moved_onto_piece;
      zaps += step.zapped != 0;
      multi_zaps += kernel::popcount(step.zapped) > 1;
    }
  }
  // The walks met every kind of change.
  EXPECT_GT(positions, 2000);
  EXPECT_GT(rotations, 100);
  EXPECT_GT(shifts, 100);
  EXPECT_GT(onto_piece, 50);
  EXPECT_GT(zaps, 50);
  if (edition == kernel::Edition::k2016) {
    EXPECT_GT(multi_zaps, 0);
  }
}

TEST(NnueAccumulator, IncrementalEqualsRefresh2016) {
  check_games(kernel::Edition::k2016, random_network(kernel::Edition::k2016, 21), 30, 101);
}

TEST(NnueAccumulator, IncrementalEqualsRefresh2018) {
  check_games(kernel::Edition::k2018, random_network(kernel::Edition::k2018, 22), 30, 102);
}

TEST(NnueAccumulator, UpdateBetweenUnrelatedBoards) {
  // Up to 64 changed squares: still exact, including int16 wrap-around with
  // weights at the ends of their range.
  Network net = random_network(kernel::Edition::k2018, 23);
  std::mt19937_64 rng(7);
  for (auto& w : net.ft_weights) w = static_cast<std::int16_t>(rng());
  const auto samples = kernel::random_boards::synthetic_samples(400, 24);
  Accumulator acc;
  refresh(net, samples[0].board, acc);
  for (const auto& sample : samples) {
    Accumulator fresh;
    refresh(net, sample.board, fresh);
    update(net, acc, sample.board, acc);
    ASSERT_TRUE(same_values(acc, fresh));
  }
}

TEST(NnueAccumulator, EmptyBoardIsTheBiases) {
  const Network net = random_network(kernel::Edition::k2018, 25);
  Accumulator acc;
  refresh(net, kernel::Board{}, acc);
  for (int p = 0; p < kPerspectiveCount; ++p)
    EXPECT_EQ(std::memcmp(acc.values[p], net.ft_biases.data(), sizeof acc.values[p]), 0);
  EXPECT_EQ(changed_squares(kernel::Board{}, kernel::Board{}), 0);
}

}  // namespace
}  // namespace leiser::nnue
