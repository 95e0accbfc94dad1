// FEN parsing and printing, including every kind of malformed input.
#include <gtest/gtest.h>

#include "kernel/fen.h"
#include "kernel/notation.h"
#include "tests/support/vectors.h"

namespace leiser::kernel {
namespace {

TEST(Fen, StartPositionsRoundTrip) {
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    const auto pos = parse_fen(start_fen(e), e);
    ASSERT_TRUE(pos.has_value()) << pos.error();
    EXPECT_EQ(to_fen(*pos), start_fen(e));
    EXPECT_EQ(popcount(pos->board().pawns(Color::kTangerine)), 7);
    EXPECT_EQ(popcount(pos->board().pawns(Color::kLavender)), 7);
  }
}

TEST(Fen, PiecesLandOnTheRightSquares) {
  const auto pos = parse_fen("ss7/8/8/8/4NE3/8/8/7NN B", Edition::k2018);
  ASSERT_TRUE(pos.has_value()) << pos.error();
  const Board& b = pos->board();
  EXPECT_EQ(pos->side_to_move(), Color::kLavender);
  EXPECT_EQ(b.king_square(Color::kLavender), *parse_square("a7"));
  EXPECT_EQ(b.king_square(Color::kTangerine), *parse_square("h0"));
  const auto pawn = b.piece_at(*parse_square("e3"));
  ASSERT_TRUE(pawn.has_value());
  EXPECT_EQ(pawn->type, PieceType::kPawn);
  EXPECT_EQ(pawn->color, Color::kTangerine);
  EXPECT_EQ(pawn->orientation, 1);                      // NE
  EXPECT_EQ(b.orientation_at(*parse_square("a7")), 2);  // ss: facing south
}

TEST(Fen, EveryVectorRoundTrips) {
  for (const char* file : {"perft-2016.tsv", "perft-2018.tsv"}) {
    for (const auto& v : testing::read_perft_vectors(file)) {
      const auto pos = parse_fen(v.fen, Edition::k2016);
      ASSERT_TRUE(pos.has_value()) << v.fen << ": " << pos.error();
      EXPECT_EQ(to_fen(*pos), v.fen);
    }
  }
}

struct BadFen {
  const char* fen;
  const char* expected_fragment;  // the message must name the problem
};

class FenErrors : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, RejectedWithAClearMessage) {
  const auto& [fen, fragment] = GetParam();
  const auto pos = parse_fen(fen, Edition::k2018);
  ASSERT_FALSE(pos.has_value()) << "accepted: " << fen;
  EXPECT_NE(pos.error().find(fragment), std::string::npos)
      << "message '" << pos.error() << "' lacks '" << fragment << "'";
  EXPECT_EQ(pos.error().find('\n'), std::string::npos) << "one line only";
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, FenErrors,
    ::testing::Values(BadFen{"", "empty"}, BadFen{"   ", "empty"},
                      BadFen{"ss7/8/8/8/8/8/8/7NN", "missing side to move"},
                      BadFen{"ss7/8/8/8/8/8/8/7NN X", "side to move 'X'"},
                      BadFen{"ss7/8/8/8/8/8/8/7NN W extra", "unexpected text 'extra'"},
                      BadFen{"ss7/8/8/8/8/8/7NN W", "only 7 ranks"},
                      BadFen{"ss7/8/8/8/8/8/8/8/7NN W", "more than 8 ranks"},
                      BadFen{"ss6/8/8/8/8/8/8/7NN W", "rank 7 has 7 squares"},
                      BadFen{"ss8/8/8/8/8/8/8/7NN W", "more than 8 squares"},
                      BadFen{"ss7/8/8/8/8/8/8/7NNSE W", "more than 8 squares at piece 'SE'"},
                      BadFen{"ss7/8/8/8/8/8/8/7NX W", "unknown piece 'NX'"},
                      BadFen{"ss7/8/8/8/8/8/8/7Nn W", "mixes upper and lower case"},
                      BadFen{"ss7/8/8/8/8/8/8/7N W", "cut short"},
                      BadFen{"ss7/8/8/8/8/8/8/6N1 W", "cut short"},
                      BadFen{"ss7/8/8/8/8/8/8/7-N W", "unexpected character '-'"},
                      BadFen{"ss7/8/8/8/8/8/8/09 W", "unexpected character '0'"},
                      BadFen{"ss7/8/8/8/8/8/8/8 W", "Tangerine has 0 Kings"},
                      BadFen{"ss7/8/8/8/8/8/8/6NNNN W", "Tangerine has 2 Kings"},
                      BadFen{"ss7/8/8/8/8/8/NWNWNWNWNWNWNWNW/7NN W", "Tangerine has 8 Pawns"}));

}  // namespace
}  // namespace leiser::kernel
