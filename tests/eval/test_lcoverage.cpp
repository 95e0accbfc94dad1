// LCOVERAGE (EVAL-2018.md, search/eval/lcoverage.h): hand-checked distances,
// the fast implementation against the plain definition on random 2018
// positions (bit for bit), symmetry, and the fixed-point rounding.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/movegen.h"
#include "kernel/position.h"
#include "kernel/random_boards.h"
#include "search/eval/lcoverage.h"

namespace leiser::search::eval {
namespace {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;
using kernel::Edition;
using kernel::Square;

constexpr Color kW = Color::kTangerine;
constexpr Color kB = Color::kLavender;
constexpr std::uint16_t kU = kLcoverageUnreached;

Board board_of(const std::string& fen) {
  const auto pos = kernel::parse_fen(fen, Edition::k2018);
  if (!pos.has_value()) throw std::runtime_error("bad FEN '" + fen + "': " + pos.error());
  return pos->board();
}

Square sq(const char* name) { return kernel::make_square(name[0] - 'a', name[1] - '0'); }

LcoverageDistances unreached() {
  LcoverageDistances d;
  d.fill(kU);
  return d;
}

LcoverageDistances single_trace(const Board& board, Color c) {
  LcoverageDistances d = unreached();
  lcoverage_trace_distances(board, c, d);
  return d;
}

// An expected distance map from {square, distance} pairs; the rest unreached.
LcoverageDistances map_of(const std::map<std::string, int>& entries) {
  LcoverageDistances d = unreached();
  for (const auto& [name, value] : entries) d[sq(name.c_str())] = static_cast<std::uint16_t>(value);
  return d;
}

std::string describe(const LcoverageDistances& d) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      const int v = d[kernel::make_square(f, r)];
      out += v == kU ? "  ." : (v < 10 ? "  " : " ") + std::to_string(v);
    }
    out += '\n';
  }
  return out;
}

// coverage(c) from a distance map in double precision, straight from the
// spec's formula with the clamp: the fixed-point value must be within 2^-19.
double coverage_double(const LcoverageDistances& d, Square k, Square e) {
  double sum = 0;
  for (int s = 0; s < 64; ++s) {
    if (d[s] == kU) continue;
    const Square x = static_cast<Square>(s);
    const int dist = std::abs(kernel::file_of(x) - kernel::file_of(k)) +
                     std::abs(kernel::rank_of(x) - kernel::rank_of(k));
    const double ratio = std::min(dist, static_cast<int>(d[s])) / static_cast<double>(d[s]);
    sum += ratio / (std::abs(kernel::rank_of(x) - kernel::rank_of(e)) + 1) /
           (std::abs(kernel::file_of(x) - kernel::file_of(e)) + 1);
  }
  return sum;
}

// Tangerine's hand-worked distances on a board with its King on h0 and
// Lavender's on a7: both implementations give them, the fast and plain
// coverages agree, and the coverage is the floating-point sum of the terms.
void expect_all_paths(const Board& board, const LcoverageDistances& expected) {
  EXPECT_EQ(lcoverage_distances_plain(board, kW), expected)
      << describe(lcoverage_distances_plain(board, kW));
  EXPECT_EQ(lcoverage_distances_fast(board, kW), expected)
      << describe(lcoverage_distances_fast(board, kW));
  const std::int64_t fixed = lcoverage_fixed(board, kW);
  EXPECT_EQ(fixed, lcoverage_fixed_plain(board, kW));
  EXPECT_NEAR(static_cast<double>(fixed) / kLcoverageOne,
              coverage_double(expected, sq("h0"), sq("a7")), 1.0 / (1 << 19));
}

// ------------------------------------------------------- one path by hand --

TEST(LcoverageTrace, LoneKingFacingEmptyFile) {
  const Board board = board_of("ss7/8/8/8/8/8/8/7NN W");
  EXPECT_EQ(single_trace(board, kW),
            map_of({{"h1", 1}, {"h2", 2}, {"h3", 3}, {"h4", 4}, {"h5", 5}, {"h6", 6}, {"h7", 7}}));
  // Lavender's King on a7 faces south: a6 .. a0.
  EXPECT_EQ(single_trace(board, kB),
            map_of({{"a6", 1}, {"a5", 2}, {"a4", 3}, {"a3", 4}, {"a2", 5}, {"a1", 6}, {"a0", 7}}));
}

TEST(LcoverageTrace, OpponentReflectingPawnCostsTwo) {
  // Lavender SE Pawn on a3 turns the northbound beam east; it costs 2.
  EXPECT_EQ(single_trace(board_of("7ss/8/8/8/se7/8/8/NN7 W"), kW), map_of({{"a1", 1},
                                                                           {"a2", 2},
                                                                           {"a3", 4},
                                                                           {"b3", 5},
                                                                           {"c3", 6},
                                                                           {"d3", 7},
                                                                           {"e3", 8},
                                                                           {"f3", 9},
                                                                           {"g3", 10},
                                                                           {"h3", 11}}));
}

TEST(LcoverageTrace, OwnReflectingPawnCostsOne) {
  EXPECT_EQ(single_trace(board_of("7ss/8/8/8/SE7/8/8/NN7 W"), kW), map_of({{"a1", 1},
                                                                           {"a2", 2},
                                                                           {"a3", 3},
                                                                           {"b3", 4},
                                                                           {"c3", 5},
                                                                           {"d3", 6},
                                                                           {"e3", 7},
                                                                           {"f3", 8},
                                                                           {"g3", 9},
                                                                           {"h3", 10}}));
}

TEST(LcoverageTrace, ZappedPieceIsEnteredAndStopsTheBeam) {
  // A northbound beam hits the back of an NW Pawn: zapped, entered at cost 1.
  EXPECT_EQ(single_trace(board_of("7ss/8/8/8/nw7/8/8/NN7 W"), kW),
            map_of({{"a1", 1}, {"a2", 2}, {"a3", 3}}));
  // The enemy King on the file.
  EXPECT_EQ(single_trace(board_of("8/8/8/8/ss7/8/8/NN7 W"), kW),
            map_of({{"a1", 1}, {"a2", 2}, {"a3", 3}}));
}

TEST(LcoverageTrace, TwoReflectionsAndTheEnemyKing) {
  // a0 N -> a3 (Lavender SE, east, +2) -> f3 (own NW: eastbound turns north,
  // +1) -> f7 Lavender King, zapped.
  EXPECT_EQ(single_trace(board_of("5ss2/8/8/8/se4NW2/8/8/NN7 W"), kW), map_of({{"a1", 1},
                                                                               {"a2", 2},
                                                                               {"a3", 4},
                                                                               {"b3", 5},
                                                                               {"c3", 6},
                                                                               {"d3", 7},
                                                                               {"e3", 8},
                                                                               {"f3", 9},
                                                                               {"f4", 10},
                                                                               {"f5", 11},
                                                                               {"f6", 12},
                                                                               {"f7", 13}}));
}

// ------------------------------------------------- all paths, by hand ------

// Tangerine King h0 (N) alone with Lavender's King a7. Paths: as it stands
// (h1..h7); rotate L (g0..a0); shift to g0 (g1..g7), g1 (g2..g7), h1
// (h2..h7); rotations R and U leave the board at once; no swaps.
TEST(LcoverageAllPaths, LoneKing) {
  const Board board = board_of("ss7/8/8/8/8/8/8/7NN W");
  const LcoverageDistances expected =
      map_of({{"h1", 1}, {"h2", 1}, {"h3", 2}, {"h4", 3}, {"h5", 4}, {"h6", 5}, {"h7", 6},
              {"g1", 1}, {"g2", 1}, {"g3", 2}, {"g4", 3}, {"g5", 4}, {"g6", 5}, {"g7", 6},
              {"g0", 1}, {"f0", 2}, {"e0", 3}, {"d0", 4}, {"c0", 5}, {"b0", 6}, {"a0", 7}});
  expect_all_paths(board, expected);

  // The clamp: from g1 the beam reaches g2 at L = 1 while D(g2) = 3 from h0.
  // Every ratio here is 1, so coverage is sum 1/((7-r+1)(f+1)).
  double exact = 0;
  for (int s = 0; s < 64; ++s)
    if (expected[s] != kU)
      exact += 1.0 / ((7 - kernel::rank_of(static_cast<Square>(s)) + 1) *
                      (kernel::file_of(static_cast<Square>(s)) + 1));
  EXPECT_NEAR(static_cast<double>(lcoverage_fixed(board, kW)) / kLcoverageOne, exact,
              1.0 / (1 << 19));
}

// Tangerine King h0 (N), Tangerine SW Pawn g4 (a northbound beam turns west
// there), Lavender King a7 (S). Paths:
//   as it stands, Pawn rotations and shifts off the h-file: h1..h7 = 1..7
//   King rotate L: g0..a0 = 1..7
//   King to g0: g1 g2 g3 g4(own mirror) f4 .. a4 = 1..10
//   King to g1: g2 g3 g4 f4 .. a4 = 1..9
//   King to h1: h2..h7 = 1..6
//   Pawn to h3: h1 h2 h3(mirror) g3 f3 .. a3 = 1..10
//   Pawn to h4: h1..h4(mirror) g4 .. a4 = 1..11
//   Pawn to h5: h1..h5(mirror) g5 .. a5 = 1..12
TEST(LcoverageAllPaths, OwnPawnShiftedOntoThePath) {
  const Board board = board_of("ss7/8/8/6SW1/8/8/8/7NN W");
  const LcoverageDistances expected = map_of({
      {"h1", 1}, {"h2", 1}, {"h3", 2},  {"h4", 3},  {"h5", 4},  {"h6", 5},  {"h7", 6}, {"g0", 1},
      {"f0", 2}, {"e0", 3}, {"d0", 4},  {"c0", 5},  {"b0", 6},  {"a0", 7},  {"g1", 1}, {"g2", 1},
      {"g3", 2}, {"g4", 3}, {"f4", 4},  {"e4", 5},  {"d4", 6},  {"c4", 7},  {"b4", 8}, {"a4", 9},
      {"f3", 5}, {"e3", 6}, {"d3", 7},  {"c3", 8},  {"b3", 9},  {"a3", 10}, {"g5", 6}, {"f5", 7},
      {"e5", 8}, {"d5", 9}, {"c5", 10}, {"b5", 11}, {"a5", 12},
  });
  expect_all_paths(board, expected);
}

// Swap-moves: Tangerine's King h0 (W) stands beside the Lavender NE Pawn g0.
// Paths (Lavender King a7 is on none of them):
//   as it stands: g0 (opponent mirror, westbound turns north: cost 2), g1..g7 = 3..9
//   King R (N): h1..h7 = 1..7; U, L: off the board at once
//   King to g1 (W): f1..a1 = 1..6; King to h1 (W): g1 f1 .. a1 = 1..7
//   swap with g0 then R (N from g0): g1..g7 = 1..7
//   swap then U (E from g0): h0, the swapped Lavender Pawn, hit on its back: 1
//     (D(h0) = 0, so that square adds nothing)
//   swap then L (S): off; swap then shift (still W) to f0: e0..a0 = 1..5,
//     f1: e1..a1 = 1..5, g1: f1..a1 = 1..6, h1: g1 f1 .. a1 = 1..7
TEST(LcoverageAllPaths, SwapMovesOfTheKing) {
  const Board board = board_of("ss7/8/8/8/8/8/8/6neWW W");
  const LcoverageDistances expected = map_of({
      {"g0", 2}, {"g1", 1}, {"g2", 2}, {"g3", 3}, {"g4", 4}, {"g5", 5}, {"g6", 6},
      {"g7", 7}, {"h1", 1}, {"h2", 2}, {"h3", 3}, {"h4", 4}, {"h5", 5}, {"h6", 6},
      {"h7", 7}, {"h0", 1}, {"f1", 1}, {"e1", 1}, {"d1", 2}, {"c1", 3}, {"b1", 4},
      {"a1", 5}, {"e0", 1}, {"d0", 2}, {"c0", 3}, {"b0", 4}, {"a0", 5},
  });
  expect_all_paths(board, expected);
}

// ------------------------------------------------ no King: game over -------

TEST(Lcoverage, MissingKingGivesZero) {
  Board board = board_of("ss7/8/8/8/8/8/8/7NN W");
  board.remove(sq("a7"));
  EXPECT_EQ(lcoverage_fixed(board, kW), 0);
  EXPECT_EQ(lcoverage_fixed_plain(board, kW), 0);
  EXPECT_EQ(lcoverage_fixed(board, kB), 0);
  EXPECT_EQ(lcoverage_term(board, kW, 3000), 0);
  EXPECT_EQ(lcoverage_distances_fast(board, kW), unreached());
}

// ----------------------------------------------------------- rounding -------

TEST(Lcoverage, ScaleRoundsHalfAwayFromZero) {
  EXPECT_EQ(lcoverage_scale(kLcoverageOne, 3000), 3000);
  EXPECT_EQ(lcoverage_scale(kLcoverageOne / 2, 1), 1);
  EXPECT_EQ(lcoverage_scale(-kLcoverageOne / 2, 1), -1);
  EXPECT_EQ(lcoverage_scale(kLcoverageOne / 2 - 1, 1), 0);
  EXPECT_EQ(lcoverage_scale(-(kLcoverageOne / 2 - 1), 1), 0);
  EXPECT_EQ(lcoverage_scale(3 * kLcoverageOne / 4, 2), 2);  // 1.5 -> 2
  EXPECT_EQ(lcoverage_scale(-3 * kLcoverageOne / 4, 2), -2);
  EXPECT_EQ(lcoverage_scale(12 * kLcoverageOne, 100000), 1200000);
  EXPECT_EQ(lcoverage_scale(-12 * kLcoverageOne, 100000), -1200000);
}

TEST(Lcoverage, SquareTermIsRoundedHalfUp) {
  // D = L = 1 next to the enemy King: exactly 1.
  EXPECT_EQ(lcoverage_square_term(1, 1, sq("a0"), sq("a0")),
            static_cast<std::uint32_t>(kLcoverageOne));
  // 1/3: 2^24 / 3 = 5592405.33 -> 5592405.
  EXPECT_EQ(lcoverage_square_term(1, 3, sq("a0"), sq("a0")), 5592405u);
  // 2/3: 11184810.67 -> 11184811.
  EXPECT_EQ(lcoverage_square_term(2, 3, sq("a0"), sq("a0")), 11184811u);
  // The clamp: D = 3 > L = 1 counts as 1; dr = 1, df = 2 divide by 2 * 3.
  EXPECT_EQ(lcoverage_square_term(3, 1, sq("c1"), sq("a0")), (kLcoverageOne + 3) / 6);
  // D = 0 (the King's own square, re-entered) adds nothing.
  EXPECT_EQ(lcoverage_square_term(0, 5, sq("c1"), sq("a0")), 0u);
}

// --------------------------------------------------- random positions ------

std::vector<Board> playout_boards(int games, int max_plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Board> boards;
  for (int g = 0; g < games; ++g) {
    kernel::Game game = kernel::Game::start(Edition::k2018);
    boards.push_back(game.position().board());
    for (int ply = 0; ply < max_plies && !game.is_over(); ++ply) {
      const kernel::MoveList moves = game.legal_moves();
      if (moves.empty()) break;
      const auto result = game.play(moves[static_cast<int>(rng() % moves.size())]);
      if (!result.has_value()) throw std::runtime_error(result.error());
      boards.push_back(game.position().board());
    }
  }
  return boards;
}

// Arbitrary placements (not necessarily reachable): both Kings, up to 7 Pawns
// a side, random orientations. Dense boards make crossing and looping beams.
std::vector<Board> scattered_boards(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Board> boards;
  for (int i = 0; i < count; ++i) {
    Board board;
    Bitboard used = 0;
    auto free_square = [&] {
      for (;;) {
        const Square s = static_cast<Square>(rng() % 64);
        if (!(used & kernel::bit(s))) {
          used |= kernel::bit(s);
          return s;
        }
      }
    };
    for (const Color c : {kW, kB}) {
      board.put(free_square(), {c, kernel::PieceType::kKing, static_cast<std::uint8_t>(rng() % 4)});
      const int pawns = static_cast<int>(rng() % 8);
      for (int p = 0; p < pawns; ++p)
        board.put(free_square(),
                  {c, kernel::PieceType::kPawn, static_cast<std::uint8_t>(rng() % 4)});
    }
    boards.push_back(board);
  }
  return boards;
}

void expect_fast_equals_plain(const std::vector<Board>& boards, const char* what) {
  int mismatches = 0;
  for (std::size_t i = 0; i < boards.size() && mismatches < 5; ++i) {
    const Board& board = boards[i];
    for (const Color c : {kW, kB}) {
      const LcoverageDistances plain = lcoverage_distances_plain(board, c);
      const LcoverageDistances fast = lcoverage_distances_fast(board, c);
      const std::int64_t plain_fixed = lcoverage_fixed_plain(board, c);
      const std::int64_t fast_fixed = lcoverage_fixed(board, c);
      if (plain != fast || plain_fixed != fast_fixed) {
        ++mismatches;
        ADD_FAILURE() << what << " #" << i << " " << kernel::board_to_fen(board) << " colour "
                      << kernel::color_name(c) << "\nplain " << plain_fixed << "\n"
                      << describe(plain) << "fast " << fast_fixed << "\n"
                      << describe(fast);
      }
      // The fixed-point sum tracks the exact formula.
      ASSERT_NEAR(
          static_cast<double>(plain_fixed) / kLcoverageOne,
          coverage_double(plain, board.king_square(c), board.king_square(kernel::opponent(c))),
          1.0 / (1 << 19));
      ASSERT_EQ(lcoverage_ev(board, c, kLcoverageDefaultWeight),
                lcoverage_ev_plain(board, c, kLcoverageDefaultWeight));
    }
    ASSERT_EQ(lcoverage_term(board, kW, kLcoverageDefaultWeight),
              -lcoverage_term(board, kB, kLcoverageDefaultWeight));
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(LcoverageFastVsPlain, RandomPlayouts) {
  const std::vector<Board> boards = playout_boards(150, 60, 0x4C434F56ULL);
  ASSERT_GT(boards.size(), 5000u);
  RecordProperty("positions", static_cast<int>(boards.size()));
  expect_fast_equals_plain(boards, "playout");
}

TEST(LcoverageFastVsPlain, ScatteredBoards) {
  expect_fast_equals_plain(scattered_boards(20000, 0x5343415454ULL), "scattered");
}

// The reciprocal form of the square term equals the division, for every
// D <= 14, every L up to past the table's end, and every (dr, df).
TEST(Lcoverage, FastSquareTermEqualsDivision) {
  for (int e = 0; e < 64; e += 9) {
    const Square enemy = static_cast<Square>(e);
    for (int s = 0; s < 64; ++s) {
      const Square x = static_cast<Square>(s);
      for (int d = 0; d <= 14; ++d)
        for (int l = 1; l <= 2100; ++l)
          ASSERT_EQ(lcoverage_square_term_fast(d, l, x, enemy),
                    lcoverage_square_term(d, l, x, enemy))
              << d << " " << l << " " << s << " " << e;
    }
  }
}

// lcoverage_sum_terms (in an AVX2 build, the rank-at-a-time double-precision
// division) against the plain sum, lcoverage_from_distances: on random maps
// with L anywhere in [1, 0xFFFE] or small, some squares unreached, and on the
// maps of random boards.
TEST(Lcoverage, SumOfTermsEqualsPlainSum) {
  std::mt19937_64 rng(0x53554D53ULL);
  for (int i = 0; i < 20000; ++i) {
    LcoverageDistances dist;
    Bitboard reached = 0;
    const int density = static_cast<int>(rng() % 5);  // 0: every square reached
    for (int s = 0; s < 64; ++s) {
      if (density != 0 && rng() % (density + 1) == 0) {
        dist[s] = kU;
        continue;
      }
      const std::uint64_t r = rng();
      dist[s] = static_cast<std::uint16_t>(r % 3 == 0 ? 1 + (r >> 8) % 0xFFFE : 1 + (r >> 8) % 40);
      reached |= kernel::bit(static_cast<Square>(s));
    }
    const Square king = static_cast<Square>(rng() % 64);
    const Square enemy = static_cast<Square>(rng() % 64);
    ASSERT_EQ(lcoverage_sum_terms(dist, reached, king, enemy),
              lcoverage_from_distances(dist, king, enemy))
        << i << " " << describe(dist) << " king " << int{king} << " enemy " << int{enemy};
  }
  for (const auto& samples : {kernel::random_boards::game_samples(Edition::k2018, 3000, 11),
                              kernel::random_boards::synthetic_samples(3000, 12),
                              kernel::random_boards::maze_samples(3000, 13)}) {
    for (const auto& [board, c] : samples) {
      const LcoverageDistances dist = lcoverage_distances_plain(board, c);
      Bitboard reached = 0;
      for (int s = 0; s < 64; ++s)
        if (dist[s] != kU) reached |= kernel::bit(static_cast<Square>(s));
      const Square king = board.king_square(c);
      const Square enemy = board.king_square(kernel::opponent(c));
      ASSERT_EQ(lcoverage_sum_terms(dist, reached, king, enemy),
                lcoverage_from_distances(dist, king, enemy))
          << kernel::board_to_fen(board);
    }
  }
}

// The fast version has nothing to collapse: no two 2018 pseudo moves give the
// same board (made without the laser). Checked on the playout positions.
TEST(LcoverageFastVsPlain, DistinctMovesGiveDistinctBoards) {
  for (const Board& board : playout_boards(30, 60, 7)) {
    for (const Color c : {kW, kB}) {
      if (!board.has_king(kW) || !board.has_king(kB)) continue;
      const kernel::Position pos(board, c, Edition::k2018);
      kernel::MoveList moves;
      kernel::generate_pseudo_moves<Edition::k2018>(pos, moves);
      std::vector<Board> results;
      for (const kernel::Move m : moves) {
        Board after = board;
        const Square from = m.from();
        const Square mid = static_cast<Square>(kernel::kSteps[from][m.direction()]);
        switch (m.kind()) {
          case kernel::MoveKind::kRotate:
            after.rotate(from, m.rotation());
            break;
          case kernel::MoveKind::kShift:
            after.exchange(from, mid);
            break;
          case kernel::MoveKind::kSwapRotate:
            after.exchange(from, mid);
            after.rotate(mid, m.rotation());
            break;
          case kernel::MoveKind::kSwapShift:
            after.exchange(from, mid);
            after.exchange(mid, static_cast<Square>(kernel::kSteps[mid][m.second_direction()]));
            break;
        }
        EXPECT_NE(after, board);
        for (const Board& earlier : results)
          ASSERT_NE(after, earlier) << kernel::board_to_fen(board);
        results.push_back(after);
      }
    }
  }
}

// --------------------------------------------------------------- symmetry --

// Left-right mirror: files a<->h; King E<->W; Pawn NW<->NE, SE<->SW.
Board mirror_files(const Board& board) {
  Board out;
  for (int s = 0; s < 64; ++s) {
    const auto piece = board.piece_at(static_cast<Square>(s));
    if (!piece) continue;
    kernel::Piece p = *piece;
    p.orientation = p.type == kernel::PieceType::kKing
                        ? static_cast<std::uint8_t>((4 - p.orientation) & 3)
                        : static_cast<std::uint8_t>(p.orientation ^ 1);
    out.put(kernel::make_square(7 - kernel::file_of(static_cast<Square>(s)),
                                kernel::rank_of(static_cast<Square>(s))),
            p);
  }
  return out;
}

// Half-turn with the colours exchanged: square s -> 63 - s, every piece turned
// U, Tangerine <-> Lavender. The 2018 start position maps to itself.
Board rotate_and_swap_colours(const Board& board) {
  Board out;
  for (int s = 0; s < 64; ++s) {
    const auto piece = board.piece_at(static_cast<Square>(s));
    if (!piece) continue;
    kernel::Piece p = *piece;
    p.orientation = kernel::rotated(p.orientation, kernel::kRotateUTurn);
    p.color = kernel::opponent(p.color);
    out.put(static_cast<Square>(63 - s), p);
  }
  return out;
}

TEST(LcoverageSymmetry, StartPositionIsBalanced) {
  const Board start = board_of(std::string(kernel::start_fen(Edition::k2018)));
  EXPECT_EQ(rotate_and_swap_colours(start), start);
  EXPECT_EQ(lcoverage_fixed(start, kW), lcoverage_fixed(start, kB));
  EXPECT_EQ(lcoverage_term(start, kW), 0);
  EXPECT_GT(lcoverage_fixed(start, kW), 0);
}

TEST(LcoverageSymmetry, MirrorAndHalfTurn) {
  std::vector<Board> boards = playout_boards(40, 60, 99);
  const std::vector<Board> scattered = scattered_boards(2000, 123);
  boards.insert(boards.end(), scattered.begin(), scattered.end());
  for (const Board& board : boards) {
    const Board mirrored = mirror_files(board);
    const Board turned = rotate_and_swap_colours(board);
    for (const Color c : {kW, kB}) {
      const std::int64_t value = lcoverage_fixed(board, c);
      ASSERT_EQ(lcoverage_fixed(mirrored, c), value) << kernel::board_to_fen(board);
      ASSERT_EQ(lcoverage_fixed(turned, kernel::opponent(c)), value) << kernel::board_to_fen(board);
    }
  }
}

}  // namespace
}  // namespace leiser::search::eval
