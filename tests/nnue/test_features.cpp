// nnue/features.h: the feature index of the contract, both perspectives.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/random_boards.h"
#include "nnue/features.h"

namespace leiser::nnue {
namespace {

using kernel::Color;
using kernel::Piece;
using kernel::PieceType;

// The board turned a half turn with the colours exchanged: what Lavender
// sees is what Tangerine sees on this board.
kernel::Board half_turned_colour_swapped(const kernel::Board& board) {
  kernel::Board turned;
  for (int s = 0; s < 64; ++s)
    if (auto p = board.piece_at(static_cast<kernel::Square>(s)))
      turned.put(static_cast<kernel::Square>(63 - s),
                 {kernel::opponent(p->color), p->type,
                  static_cast<kernel::Orientation>((p->orientation + 2) & 3)});
  return turned;
}

std::multiset<int> as_set(const FeatureList& list) {
  return std::multiset<int>(list.indices.begin(), list.indices.begin() + list.size);
}

TEST(NnueFeatures, ValuesOfTheContract) {
  // Tangerine King facing N on a0: my King, o = 0, s = 0.
  const Piece tangerine_king{Color::kTangerine, PieceType::kKing, 0};
  EXPECT_EQ(feature_index(Color::kTangerine, 0, tangerine_king), ((0 * 2 + 1) * 4 + 0) * 64 + 0);
  // Lavender sees it as their King, turned to S, on h7.
  EXPECT_EQ(feature_index(Color::kLavender, 0, tangerine_king), ((1 * 2 + 1) * 4 + 2) * 64 + 63);
  // A Lavender Pawn facing SW (3) on c5 (square 42).
  const Piece lavender_pawn{Color::kLavender, PieceType::kPawn, 3};
  EXPECT_EQ(feature_index(Color::kTangerine, 42, lavender_pawn), ((1 * 2 + 0) * 4 + 3) * 64 + 42);
  EXPECT_EQ(feature_index(Color::kLavender, 42, lavender_pawn), ((0 * 2 + 0) * 4 + 1) * 64 + 21);
  EXPECT_EQ(feature_index(Color::kTangerine, 63, {Color::kLavender, PieceType::kKing, 3}),
            kFeatureCount - 1);
  static_assert(kL1Inputs == 256 && kOutputScale == 130048);
}

TEST(NnueFeatures, EveryIndexOnceOverAllPieces) {
  for (Color perspective : {Color::kTangerine, Color::kLavender}) {
    std::set<int> seen;
    for (int s = 0; s < 64; ++s)
      for (Color c : {Color::kTangerine, Color::kLavender})
        for (PieceType t : {PieceType::kPawn, PieceType::kKing})
          for (int o = 0; o < 4; ++o) {
            const int f = feature_index(perspective, static_cast<kernel::Square>(s),
                                        {c, t, static_cast<kernel::Orientation>(o)});
            ASSERT_GE(f, 0);
            ASSERT_LT(f, kFeatureCount);
            seen.insert(f);
          }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(kFeatureCount));
  }
}

TEST(NnueFeatures, StartPositionsSeeTheSameFromBothSides) {
  // Both start positions are symmetric under the half turn with colours
  // exchanged, so both perspectives see the same features.
  for (kernel::Edition e : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const kernel::Board board = kernel::parse_fen(kernel::start_fen(e), e).value().board();
    EXPECT_EQ(half_turned_colour_swapped(board), board);
    const FeatureList mine = active_features(board, Color::kTangerine);
    EXPECT_EQ(mine.size, kernel::popcount(board.occupied()));
    EXPECT_EQ(as_set(mine), as_set(active_features(board, Color::kLavender)));
  }
}

TEST(NnueFeatures, PerspectivesSwapOnTheTurnedBoard) {
  auto samples = kernel::random_boards::game_samples(kernel::Edition::k2018, 1000, 11);
  const auto more = kernel::random_boards::synthetic_samples(1000, 12);
  samples.insert(samples.end(), more.begin(), more.end());
  for (const auto& sample : samples) {
    const kernel::Board turned = half_turned_colour_swapped(sample.board);
    const FeatureList t = active_features(sample.board, Color::kTangerine);
    const FeatureList l = active_features(sample.board, Color::kLavender);
    ASSERT_EQ(t.size, kernel::popcount(sample.board.occupied()));
    ASSERT_EQ(as_set(t), as_set(active_features(turned, Color::kLavender)));
    ASSERT_EQ(as_set(l), as_set(active_features(turned, Color::kTangerine)));
    // One feature per piece: no two pieces share one.
    ASSERT_EQ(std::set<int>(t.indices.begin(), t.indices.begin() + t.size).size(),
              static_cast<std::size_t>(t.size));
  }
}

}  // namespace
}  // namespace leiser::nnue
