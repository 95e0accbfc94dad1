// beam_squares (simd/batch_ops.h): the squares a King's beam enters, in order,
// with their path distances.
//
// - Every implementation this CPU supports (not only the active one) gives
//   the scalar reference's result, bit for bit in its meaningful part (count,
//   end, target, the first `count` entries), on thousands of random-game
//   boards of both editions, on synthetic boards and beam mazes, in batches
//   of any size.
// - The scalar reference is checked against computations that do not share
//   its code: kernel::trace_laser (the set of listed squares plus the King's
//   square is the path; end and target are the same), the reflection table
//   (consecutive squares are neighbours along the beam, each step costs 1 or
//   2 and 2 exactly on an opponent's reflecting Pawn), the evaluation's
//   LCOVERAGE walk, search::eval::lcoverage_walk (its per-square minimum
//   distances), and boards worked out by hand from RULES.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernel/bitboard.h"
#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/laser.h"
#include "kernel/random_boards.h"
#include "search/eval/lcoverage_walk.h"
#include "simd/batch_ops.h"
#include "simd/dispatch.h"

namespace leiser::simd {
namespace {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;
using kernel::LaserEnd;
using kernel::Square;
namespace random_boards = kernel::random_boards;
using random_boards::Sample;

std::string square_name(int s) {
  return std::string(1, static_cast<char>('a' + (s & 7))) + std::to_string(s >> 3);
}

std::string text(const BeamSquares& b) {
  std::string out = "count=" + std::to_string(b.count) +
                    " end=" + std::to_string(static_cast<int>(b.end)) +
                    " target=" + square_name(b.target) + " [";
  for (std::size_t k = 0; k < b.count && k < BeamSquares::kCapacity; ++k) {
    if (k) out += ' ';
    out += square_name(b.squares[k]);
    out += ':';
    out += std::to_string(b.distances[k]);
  }
  return out + "]";
}

std::string describe(const Sample& s) {
  return kernel::board_to_fen(s.board) + " shooter " + kernel::color_name(s.shooter);
}

// Results are garbage-filled first, so that an implementation that leaves a
// field unwritten is caught.
std::vector<BeamSquares> poisoned(std::size_t n) {
  BeamSquares junk;
  std::memset(&junk, 0xA5, sizeof junk);
  return std::vector<BeamSquares>(n, junk);
}

std::vector<BeamSquares> run(const Implementation& impl, const std::vector<Sample>& samples) {
  std::vector<Board> boards;
  std::vector<Color> shooters;
  for (const Sample& s : samples) {
    boards.push_back(s.board);
    shooters.push_back(s.shooter);
  }
  std::vector<BeamSquares> out = poisoned(samples.size());
  impl.beam_squares(boards.data(), shooters.data(), out.data(), boards.size());
  return out;
}

void expect_matches_scalar(const Implementation& impl, const std::vector<Sample>& samples) {
  ASSERT_FALSE(samples.empty());
  const std::vector<BeamSquares> got = run(impl, samples);
  const std::vector<BeamSquares> want = run(*find("scalar"), samples);
  int failures = 0;
  for (std::size_t i = 0; i < samples.size() && failures < 10; ++i) {
    if (!same_beam(got[i], want[i])) {
      ++failures;
      ADD_FAILURE() << impl.name << " sample " << i << " " << describe(samples[i])
                    << "\n  got    " << text(got[i]) << "\n  scalar " << text(want[i]);
    }
  }
}

const std::vector<Sample>& samples_2016() {
  static const auto s = random_boards::game_samples(kernel::Edition::k2016, 6000, 2016);
  return s;
}
const std::vector<Sample>& samples_2018() {
  static const auto s = random_boards::game_samples(kernel::Edition::k2018, 6000, 2018);
  return s;
}
const std::vector<Sample>& samples_synthetic() {
  static const auto s = [] {
    auto all = random_boards::synthetic_samples(3000, 31);
    const auto mazes = random_boards::maze_samples(3000, 32);
    all.insert(all.end(), mazes.begin(), mazes.end());
    return all;
  }();
  return s;
}

// Long beams, longer than games or the mazes make (random-game beams enter
// 3 to 4 squares on average, the mazes' 9, at most 54): boards found by hill
// climbing on the scalar count from two lone Kings (change one square to a
// random Pawn or to empty, keep the change if the beam gets no shorter),
// every board on the way up kept, with both shooters. With these seeds:
// 230 boards, the longest beam 74 entries.
std::size_t scalar_count(const Board& board, Color shooter) {
  BeamSquares out;
  scalar::beam_squares(&board, &shooter, &out, 1);
  return out.count;
}
const std::vector<Sample>& samples_long() {
  static const auto s = [] {
    std::vector<Sample> out;
    std::mt19937_64 rng(224);
    for (int climb = 0; climb < 4; ++climb) {
      Board board;
      const auto king = static_cast<Square>(rng() % 64);
      board.put(king, {Color::kTangerine, kernel::PieceType::kKing,
                       static_cast<kernel::Orientation>(rng() % 4)});
      auto other = static_cast<Square>(rng() % 64);
      while (other == king) other = static_cast<Square>(rng() % 64);
      board.put(other, {Color::kLavender, kernel::PieceType::kKing,
                        static_cast<kernel::Orientation>(rng() % 4)});
      std::size_t length = scalar_count(board, Color::kTangerine);
      for (int step = 0; step < 25000; ++step) {
        const auto sq = static_cast<Square>(rng() % 64);
        if (board.kings & kernel::bit(sq)) continue;
        Board changed = board;
        changed.remove(sq);
        if (const auto o = static_cast<int>(rng() % 5); o < 4)
          changed.put(sq, {static_cast<Color>(rng() % 2), kernel::PieceType::kPawn,
                           static_cast<kernel::Orientation>(o)});
        const std::size_t n = scalar_count(changed, Color::kTangerine);
        if (n < length) continue;
        if (n > length) {
          out.push_back({changed, Color::kTangerine});
          out.push_back({changed, Color::kLavender});
        }
        board = changed;
        length = n;
      }
    }
    return out;
  }();
  return s;
}

TEST(BeamSquaresSamples, LongBeamsAreLong) {
  std::size_t longest = 0;
  for (const Sample& s : samples_long())
    longest = std::max(longest, scalar_count(s.board, s.shooter));
  EXPECT_GE(longest, 60u);
  EXPECT_GE(samples_long().size(), 100u);
}

class BeamSquaresOp : public ::testing::TestWithParam<const Implementation*> {
 protected:
  const Implementation& impl() const { return *GetParam(); }
};

TEST_P(BeamSquaresOp, MatchesScalarOn2016Games) { expect_matches_scalar(impl(), samples_2016()); }

TEST_P(BeamSquaresOp, MatchesScalarOn2018Games) { expect_matches_scalar(impl(), samples_2018()); }

TEST_P(BeamSquaresOp, MatchesScalarOnSyntheticBoardsAndMazes) {
  expect_matches_scalar(impl(), samples_synthetic());
}

TEST_P(BeamSquaresOp, MatchesScalarOnLongBeams) { expect_matches_scalar(impl(), samples_long()); }

// Batches of every size from 0 to 20 at every offset of a small window, so
// that no implementation depends on the batch being a multiple of anything
// or on results beyond its own batch.
TEST_P(BeamSquaresOp, AnyBatchSize) {
  const std::vector<Sample>& all = samples_synthetic();
  std::vector<Board> boards;
  std::vector<Color> shooters;
  for (std::size_t i = 0; i < 64; ++i) {
    boards.push_back(all[i * 37 % all.size()].board);
    shooters.push_back(all[i * 37 % all.size()].shooter);
  }
  std::vector<BeamSquares> want = poisoned(boards.size());
  find("scalar")->beam_squares(boards.data(), shooters.data(), want.data(), boards.size());
  for (std::size_t n = 0; n <= 20; ++n) {
    for (std::size_t first = 0; first + n <= boards.size(); first += 11) {
      std::vector<BeamSquares> got = poisoned(boards.size());
      const BeamSquares untouched = got[0];
      impl().beam_squares(boards.data() + first, shooters.data() + first, got.data() + first, n);
      for (std::size_t i = 0; i < boards.size(); ++i) {
        if (i >= first && i < first + n) {
          ASSERT_TRUE(same_beam(got[i], want[i]))
              << impl().name << " n=" << n << " i=" << i << "\n  got    " << text(got[i])
              << "\n  scalar " << text(want[i]);
        } else {
          ASSERT_EQ(std::memcmp(&got[i], &untouched, sizeof untouched), 0)
              << impl().name << " wrote result " << i << " outside its batch [" << first << ", "
              << first + n << ")";
        }
      }
    }
  }
}

std::string impl_name(const ::testing::TestParamInfo<const Implementation*>& info) {
  return std::string(info.param->name);
}

INSTANTIATE_TEST_SUITE_P(Supported, BeamSquaresOp, ::testing::ValuesIn(supported()),
                         impl_name);

// --- the scalar reference against independent computations ------------------

BeamSquares scalar_beam(const Board& board, Color shooter) {
  BeamSquares out = poisoned(1)[0];
  scalar::beam_squares(&board, &shooter, &out, 1);
  return out;
}

// Checks one board's scalar result against trace_laser, the reflection table
// and lcoverage_walk; returns "" or what is wrong.
std::string check_against_rules(const Board& board, Color shooter) {
  const BeamSquares b = scalar_beam(board, shooter);
  const kernel::LaserTrace trace = kernel::trace_laser(board, shooter);
  const Square king = board.king_square(shooter);
  if (b.count > BeamSquares::kMaxEntries) return "count above kMaxEntries";
  Bitboard listed = 0;
  for (std::size_t k = 0; k < b.count; ++k) listed |= kernel::bit(b.squares[k]);
  if ((listed | kernel::bit(king)) != trace.path) return "listed squares + King != trace.path";
  if (b.end != trace.end || b.target != trace.target) return "end/target differ from trace_laser";
  // Step by step: each square is the next one along the beam's current
  // direction, which turns only at a reflecting Pawn; costs 1 or 2.
  int at = king;
  int d = board.orientation_at(king);
  int previous_distance = 0;
  const Bitboard their_pawns = board.pawns(kernel::opponent(shooter));
  for (std::size_t k = 0; k < b.count; ++k) {
    const int s = b.squares[k];
    if (kernel::step(static_cast<Square>(at), 2 * d) != s)
      return "entry " + std::to_string(k) + " is not the next square along the beam";
    const bool last = k + 1 == b.count;
    const bool occupied = board.occupied() & kernel::bit(static_cast<Square>(s));
    const bool king_here = board.kings & kernel::bit(static_cast<Square>(s));
    const int turned =
        occupied && !king_here ? kernel::kReflection[d][board.orientation_at(static_cast<Square>(s))]
                               : -1;
    const bool reflects = turned >= 0 && turned != kernel::kBeamZap;
    if (occupied && !reflects && !last) return "the beam goes on past a piece it zaps";
    const int cost = reflects && (their_pawns & kernel::bit(static_cast<Square>(s))) ? 2 : 1;
    if (b.distances[k] != previous_distance + cost)
      return "entry " + std::to_string(k) + " costs " +
             std::to_string(b.distances[k] - previous_distance) + ", expected " +
             std::to_string(cost);
    previous_distance = b.distances[k];
    at = s;
    if (reflects) d = turned;
  }
  if (b.end == LaserEnd::kOffBoard && kernel::step(static_cast<Square>(at), 2 * d) >= 0)
    return "the beam stops inside the board without zapping";
  // lcoverage_walk min-merges the same beam's distances per square.
  std::array<std::uint16_t, 64> dist;
  dist.fill(0xFFFF);
  Bitboard reached = 0;
  search::eval::lcoverage_walk(board, shooter, king, board.orientation_at(king), 0, dist.data(), &reached);
  if (reached != listed) return "lcoverage_walk reaches other squares";
  std::array<std::uint16_t, 64> smallest;
  smallest.fill(0xFFFF);
  for (std::size_t k = 0; k < b.count; ++k)
    smallest[b.squares[k]] = std::min(smallest[b.squares[k]], b.distances[k]);
  if (smallest != dist) return "the smallest distance per square differs from lcoverage_walk";
  return "";
}

TEST(BeamSquaresScalar, AgreesWithTraceLaserAndLcoverageWalk) {
  int failures = 0;
  std::size_t checked = 0, repeated = 0;
  for (const auto* set : {&samples_2016(), &samples_2018(), &samples_synthetic(), &samples_long()}) {
    for (const Sample& s : *set) {
      ++checked;
      const std::string problem = check_against_rules(s.board, s.shooter);
      if (!problem.empty() && failures++ < 10)
        ADD_FAILURE() << problem << ": " << describe(s) << "\n  " << text(scalar_beam(s.board, s.shooter));
      const BeamSquares b = scalar_beam(s.board, s.shooter);
      Bitboard seen = 0;
      for (std::size_t k = 0; k < b.count; ++k) {
        if (seen & kernel::bit(b.squares[k])) {
          ++repeated;
          break;
        }
        seen |= kernel::bit(b.squares[k]);
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(checked, 18000u + samples_long().size());
  // The samples must include beams that cross a square twice (the listing
  // repeats it), or the comparisons above would not cover that case.
  EXPECT_GT(repeated, 0u);
}

// Boards worked out by hand from RULES.md's reflection table and
// EVAL-2018.md's costs. Square names: file letter + rank digit.
struct Expected {
  std::vector<std::pair<const char*, int>> entries;  // square, path distance
  LaserEnd end;
  const char* target;  // "" when off the board
};

int parse_square(const char* name) { return (name[1] - '0') * 8 + (name[0] - 'a'); }

void expect_hand_worked(const char* fen, Color shooter, const Expected& e) {
  SCOPED_TRACE(std::string(fen) + " shooter " + kernel::color_name(shooter));
  const Board board = kernel::parse_fen(fen, kernel::Edition::k2018).value().board();
  EXPECT_EQ(check_against_rules(board, shooter), "");
  std::vector<const Implementation*> impls = supported();
  for (const Implementation* impl : impls) {
    BeamSquares b = poisoned(1)[0];
    impl->beam_squares(&board, &shooter, &b, 1);
    SCOPED_TRACE(std::string(impl->name) + ": " + text(b));
    ASSERT_EQ(b.count, e.entries.size());
    for (std::size_t k = 0; k < e.entries.size(); ++k) {
      EXPECT_EQ(b.squares[k], parse_square(e.entries[k].first)) << "entry " << k;
      EXPECT_EQ(b.distances[k], e.entries[k].second) << "entry " << k;
    }
    EXPECT_EQ(b.end, e.end);
    EXPECT_EQ(b.target, *e.target ? parse_square(e.target) : 0);
  }
}

TEST(BeamSquaresByHand, StraightToTheEdge) {
  // Tangerine's King h0 faces north: h1..h7, nothing in the way.
  expect_hand_worked("ss7/8/8/8/8/8/8/7NN W", Color::kTangerine,
                     {{{"h1", 1}, {"h2", 2}, {"h3", 3}, {"h4", 4}, {"h5", 5}, {"h6", 6}, {"h7", 7}},
                      LaserEnd::kOffBoard,
                      ""});
  // Lavender's King a7 faces south: a6..a0.
  expect_hand_worked("ss7/8/8/8/8/8/8/7NN W", Color::kLavender,
                     {{{"a6", 1}, {"a5", 2}, {"a4", 3}, {"a3", 4}, {"a2", 5}, {"a1", 6}, {"a0", 7}},
                      LaserEnd::kOffBoard,
                      ""});
}

TEST(BeamSquaresByHand, OpponentsMirrorCostsTwoOwnMirrorOne) {
  // Tangerine EE a0 fires east: b0, c0, then Lavender's Pawn nw on d0 turns
  // an east-going beam north (cost 2: an opponent's reflecting Pawn); d1, d2,
  // then Tangerine's own SE on d3 turns a north-going beam east (cost 1);
  // e3, f3, and Lavender's King g3 is zapped (entered, cost 1).
  const char* fen = "8/8/8/8/3SE2ww1/8/8/EE2nw4 W";
  expect_hand_worked(fen, Color::kTangerine,
                     {{{"b0", 1}, {"c0", 2}, {"d0", 4}, {"d1", 5}, {"d2", 6}, {"d3", 7}, {"e3", 8},
                       {"f3", 9}, {"g3", 10}},
                      LaserEnd::kZapsKing,
                      "g3"});
  // The same path backwards from Lavender's King ww g3: f3, e3, Tangerine's
  // SE d3 turns a west-going beam south (now the opponent's: cost 2), d2,
  // d1, Lavender's own nw d0 turns a south-going beam west (cost 1), c0, b0,
  // and Tangerine's King a0 is zapped.
  expect_hand_worked(fen, Color::kLavender,
                     {{{"f3", 1}, {"e3", 2}, {"d3", 4}, {"d2", 5}, {"d1", 6}, {"d0", 7}, {"c0", 8},
                       {"b0", 9}, {"a0", 10}},
                      LaserEnd::kZapsKing,
                      "a0"});
}

TEST(BeamSquaresByHand, CrossesASquareTwice) {
  // Tangerine EE a2 fires east: b2, c2, d2; Tangerine NW e2 turns it north
  // (1); e3; Lavender sw e4 turns it west (2); d4; Tangerine SE c4 turns it
  // south (1); c3, c2 again (now going south), c1, c0, off the board.
  expect_hand_worked("7ss/8/8/2SE1sw3/8/EE3NW3/8/8 W", Color::kTangerine,
                     {{{"b2", 1}, {"c2", 2}, {"d2", 3}, {"e2", 4}, {"e3", 5}, {"e4", 7}, {"d4", 8},
                       {"c4", 9}, {"c3", 10}, {"c2", 11}, {"c1", 12}, {"c0", 13}},
                      LaserEnd::kOffBoard,
                      ""});
}

TEST(BeamSquaresByHand, ZapsAPawnOnItsBackAndItsOwnKing) {
  // Tangerine NN a0 fires north: a1, a2, and hits Lavender's nw a3 on its
  // back (north-going beam, NW Pawn: zap). A zapped Pawn costs 1 even when
  // it is the opponent's: only a reflecting one costs 2.
  expect_hand_worked("7ss/8/8/8/nw7/8/8/NN7 W", Color::kTangerine,
                     {{{"a1", 1}, {"a2", 2}, {"a3", 3}}, LaserEnd::kZapsPawn, "a3"});
  // Tangerine EE a0: b0; Lavender nw c0 turns it north (2); c1; Tangerine
  // SW c2 turns it west (1); b2; Tangerine SE a2 turns it south (1); a1; and
  // the beam zaps its own King a0, which is then entered and listed.
  expect_hand_worked("7ss/8/8/8/8/SE1SW5/8/EE1nw5 W", Color::kTangerine,
                     {{{"b0", 1}, {"c0", 3}, {"c1", 4}, {"c2", 5}, {"b2", 6}, {"a2", 7}, {"a1", 8},
                       {"a0", 9}},
                      LaserEnd::kZapsKing,
                      "a0"});
}

TEST(BeamSquaresByHand, KingFacingTheEdge) {
  // Tangerine's King a0 faces west: the beam leaves the board at once.
  expect_hand_worked("ss7/8/8/8/8/8/8/WW7 W", Color::kTangerine, {{}, LaserEnd::kOffBoard, ""});
}

}  // namespace
}  // namespace leiser::simd
