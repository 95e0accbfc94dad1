// LCOVERAGE: see lcoverage.h for the definition as implemented.
#include "search/eval/lcoverage.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string_view>

#include "kernel/edition.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/movegen.h"
#include "kernel/position.h"
#include "search/eval/lcoverage_walk.h"
#include "simd/distance_lanes.h"
#include "simd/distance_row.h"
#include "simd/lcoverage_terms.h"

namespace leiser::search::eval {

namespace {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;
using kernel::Move;
using kernel::Square;

LcoverageDistances unreached_distances() {
  LcoverageDistances dist;
  dist.fill(kLcoverageUnreached);
  return dist;
}

bool has_both_kings(const Board& board) {
  return board.has_king(Color::kTangerine) && board.has_king(Color::kLavender);
}

int manhattan(Square a, Square b) {
  return std::abs(kernel::file_of(a) - kernel::file_of(b)) +
         std::abs(kernel::rank_of(a) - kernel::rank_of(b));
}

}  // namespace

// ---------------------------------------------------------------- plain ----

// The definition, square by square (lcoverage_walk).
void lcoverage_trace_distances(const Board& board, Color c, LcoverageDistances& dist) {
  const Square king = board.king_square(c);
  // The laser direction is the King's orientation; the King's own square is
  // not entered.
  lcoverage_walk(board, c, king, board.orientation_at(king), 0, dist.data(), nullptr);
}

LcoverageDistances lcoverage_distances_plain(const Board& board, Color c) {
  LcoverageDistances dist = unreached_distances();
  if (!has_both_kings(board)) return dist;
  lcoverage_trace_distances(board, c, dist);
  const kernel::Position pos(board, c, kernel::Edition::k2018);
  kernel::MoveList moves;
  kernel::generate_pseudo_moves<kernel::Edition::k2018>(pos, moves);
  for (const Move m : moves) {
    Board after = board;
    kernel::apply_move(after, m);  // the move part of the turn; the laser does not fire
    lcoverage_trace_distances(after, c, dist);
  }
  return dist;
}

std::uint32_t lcoverage_square_term(int d, int l, Square s, Square enemy_king) {
  // min(D, L) <= 14, so the numerator is below 2^28; the denominator is at
  // most 512 * 8 * 8 (a beam enters at most 256 squares, each costing <= 2).
  const std::uint32_t numerator = static_cast<std::uint32_t>(std::min(d, l))
                                  << kLcoverageFractionBits;
  const std::uint32_t denominator =
      static_cast<std::uint32_t>(l) *
      static_cast<std::uint32_t>(std::abs(kernel::rank_of(s) - kernel::rank_of(enemy_king)) + 1) *
      static_cast<std::uint32_t>(std::abs(kernel::file_of(s) - kernel::file_of(enemy_king)) + 1);
  return (numerator + denominator / 2) / denominator;  // round half up
}

namespace {

// Division by multiplication: for 1 <= d <= kMaxReciprocal and x < 2^28,
// floor(x / d) = (x * ceil(2^63 / d)) >> 63. The product exceeds x / d * 2^63
// by less than x < 2^28, i.e. the quotient by less than 2^-35, while a
// non-integer x / d lies at least 1/d >= 2^-13 below the next integer.
// 8192 covers p * L (p <= 64) for every L up to 128, so a square term takes
// one division; the table is 64 KiB, of which the small divisors that
// occur are used.
constexpr int kMaxReciprocal = 8192;
struct Reciprocals {
  std::uint64_t m[kMaxReciprocal + 1];
};
constexpr Reciprocals kReciprocal = [] {
  Reciprocals r{};
  for (std::uint64_t d = 1; d <= kMaxReciprocal; ++d)
    r.m[d] = ((std::uint64_t{1} << 63) + d - 1) / d;
  return r;
}();

inline std::uint32_t divide(std::uint32_t x, std::uint32_t d) {
  return static_cast<std::uint32_t>((static_cast<unsigned __int128>(x) * kReciprocal.m[d]) >> 63);
}

}  // namespace

namespace {
// Per pair of squares, the two integers the square term needs besides L:
// D, the Manhattan distance, and the enemy King's weight denominator
// (|rank delta| + 1) * (|file delta| + 1). Tables, because the sum over the
// reached squares computes both for every square of every evaluation.
struct SquarePairTables {
  std::array<std::array<std::uint8_t, kernel::kSquareCount>, kernel::kSquareCount> manhattan;
  std::array<std::array<std::uint8_t, kernel::kSquareCount>, kernel::kSquareCount>
      weight_denominator;
};
constexpr SquarePairTables kSquarePairs = [] {
  SquarePairTables t{};
  for (int a = 0; a < kernel::kSquareCount; ++a)
    for (int b = 0; b < kernel::kSquareCount; ++b) {
      const int df =
          kernel::file_of(static_cast<Square>(a)) - kernel::file_of(static_cast<Square>(b));
      const int dr =
          kernel::rank_of(static_cast<Square>(a)) - kernel::rank_of(static_cast<Square>(b));
      const int abs_df = df < 0 ? -df : df, abs_dr = dr < 0 ? -dr : dr;
      t.manhattan[a][b] = static_cast<std::uint8_t>(abs_df + abs_dr);
      t.weight_denominator[a][b] = static_cast<std::uint8_t>((abs_dr + 1) * (abs_df + 1));
    }
  return t;
}();

// With p = kSquarePairs.weight_denominator[s][enemy King].
[[gnu::always_inline]] inline std::uint32_t square_term_fast(int d, int l, std::uint32_t p,
                                                             Square s, Square enemy_king) {
  // The same value as lcoverage_square_term: floor(x / (p * l)) with
  // x = (min(D, L) << bits) + p * l / 2 < 15 * 2^24 + 2^20.
  const std::uint32_t denominator = static_cast<std::uint32_t>(l) * p;
  if (denominator > kMaxReciprocal) return lcoverage_square_term(d, l, s, enemy_king);
  const std::uint32_t numerator = static_cast<std::uint32_t>(std::min(d, l))
                                  << kLcoverageFractionBits;
  return divide(numerator + denominator / 2, denominator);
}
[[gnu::always_inline]] inline std::uint32_t square_term_fast(int d, int l, Square s,
                                                             Square enemy_king) {
  return square_term_fast(d, l, kSquarePairs.weight_denominator[s][enemy_king], s, enemy_king);
}

// The vector sum reads the enemy King's row of weight denominators, one
// square after another; the table is symmetric, so that row is the column
// the scalar sum reads.
constexpr bool kWeightDenominatorIsSymmetric = [] {
  for (int a = 0; a < kernel::kSquareCount; ++a)
    for (int b = 0; b < a; ++b)
      if (kSquarePairs.weight_denominator[a][b] != kSquarePairs.weight_denominator[b][a])
        return false;
  return true;
}();
static_assert(kWeightDenominatorIsSymmetric);
}  // namespace

std::int64_t lcoverage_sum_terms(const LcoverageDistances& dist, [[maybe_unused]] Bitboard reached,
                                 Square king, Square enemy_king) {
  const auto& manhattan_from_king = kSquarePairs.manhattan[king];
  if constexpr (simd::kLcoverageTermSumInVectors) {
    // The wide cores: all 64 squares, eight per step, without a branch
    // (simd/lcoverage_terms.h; the unreached ones are masked out there).
    return simd::lcoverage_term_sum<kLcoverageFractionBits>(
        dist.data(), manhattan_from_king.data(), kSquarePairs.weight_denominator[enemy_king].data(),
        kLcoverageUnreached);
  }
  const auto& denominator_for = kSquarePairs.weight_denominator;
  std::int64_t sum = 0;
  for (; reached;) {
    const Square s = kernel::pop_lowest(reached);
    sum += square_term_fast(manhattan_from_king[s], dist[s], denominator_for[s][enemy_king], s,
                            enemy_king);
  }
  return sum;
}

std::uint32_t lcoverage_square_term_fast(int d, int l, Square s, Square enemy_king) {
  return square_term_fast(d, l, s, enemy_king);
}

std::int64_t lcoverage_from_distances(const LcoverageDistances& dist, Square king,
                                      Square enemy_king) {
  std::int64_t sum = 0;
  for (int s = 0; s < kernel::kSquareCount; ++s) {
    if (dist[s] == kLcoverageUnreached) continue;
    const Square sq = static_cast<Square>(s);
    sum += lcoverage_square_term(manhattan(king, sq), dist[s], sq, enemy_king);
  }
  return sum;
}

std::int64_t lcoverage_fixed_plain(const Board& board, Color c) {
  if (!has_both_kings(board)) return 0;
  return lcoverage_from_distances(lcoverage_distances_plain(board, c), board.king_square(c),
                                  board.king_square(kernel::opponent(c)));
}

// ----------------------------------------------------------------- fast ----

namespace {

// The current beam, step by step: the square entered, the direction the beam
// travelled to enter it, and the running distance there. At most 256 steps
// (each square is entered at most once per direction: paths are reversible).
struct RecordedPath {
  static constexpr int kMaxSteps = 4 * kernel::kSquareCount;
  std::array<Square, kMaxSteps> square;
  std::array<std::uint8_t, kMaxSteps> direction;
  std::array<std::uint16_t, kMaxSteps> distance;
  int length = 0;
  // The first step that enters each square (kNotOnPath if none).
  static constexpr std::uint16_t kNotOnPath = 0xFFFF;
  std::array<std::uint16_t, kernel::kSquareCount> first_step;
  Bitboard squares = 0;  // every square entered
};

class FastCoverage {
 public:
  FastCoverage(const Board& board, Color c) : board_(board), c_(c), king_(board.king_square(c)) {
    dist_.fill(kLcoverageUnreached);
  }

  void run();
  const LcoverageDistances& distances() const { return dist_; }
  Bitboard reached() const { return reached_; }

 private:
  // Walks a beam on `board` leaving `at` in `direction` with `total` already
  // covered; min-merges into dist_. With kRecord, also fills path_.
  template <bool kRecord>
  void walk(const Board& board, Square at, int direction, unsigned total);
  // walk<false> in the avx512 core: the distances in two vectors
  // (simd/distance_lanes.h); Lanes is simd::DistanceLanes<Widest>.
  template <class Lanes>
  void walk_in_vectors(const Board& board, Square at, int direction, unsigned total);
  // The beam of c on `after`, a board that differs from board_ only on the
  // squares `touched`.
  void retrace(const Board& after, Bitboard touched);

  const Board& board_;
  const Color c_;
  const Square king_;
  LcoverageDistances dist_;
  Bitboard reached_ = 0;
  RecordedPath path_;
};

// Segment by segment: the next piece along the beam is the nearest
// occupied square of the ray (kernel::kRays), the empty squares before it
// cost 1 each, then the piece hit decides.
template <bool kRecord>
void FastCoverage::walk(const Board& board, Square at, int direction, unsigned total) {
  if constexpr (!kRecord && simd::kDistanceLanesInRegisters)
    return walk_in_vectors<simd::DistanceLanes<simd::vec::Widest>>(board, at, direction, total);
  constexpr int kOffset[4] = {8, 1, -8, -1};  // laser direction N E S W
  const Bitboard occupied = board.occupied();
  const Bitboard theirs = board.pieces(kernel::opponent(c_));
  auto enter = [&](Square sq, int along, unsigned value) {
    if (value < dist_[sq]) dist_[sq] = static_cast<std::uint16_t>(value);
    if constexpr (kRecord) {
      const int i = path_.length++;
      path_.square[i] = sq;
      path_.direction[i] = static_cast<std::uint8_t>(along);
      path_.distance[i] = static_cast<std::uint16_t>(value);
      if (path_.first_step[sq] == RecordedPath::kNotOnPath)
        path_.first_step[sq] = static_cast<std::uint16_t>(i);
    }
  };
  for (;;) {
    const Bitboard ray = kernel::kRays[direction][at];
    const Bitboard blockers = ray & occupied;
    // The piece hit: N and E rays run to higher squares, S and W to lower
    // ones. The next segment starts from it, so it is taken from the
    // blockers directly, not after counting the squares before it: the
    // walk is one long chain of dependent loads, and this keeps the count
    // off it.
    const Square hit = blockers == 0 ? at
                                     : (direction < 2 ? kernel::lowest_square(blockers)
                                                      : kernel::highest_square(blockers));
    const Bitboard segment = blockers == 0 ? ray : ray & ~kernel::kRays[direction][hit];
    reached_ |= segment;
    if constexpr (kRecord) path_.squares |= segment;
    const int offset = kOffset[direction];
    const int empties = kernel::popcount(segment) - (blockers != 0);
    // (The avx512 core walks in walk_in_vectors; this is the avx2 core's.)
    if (simd::kDistanceRowInVectors && !kRecord && (direction & 1) && empties > 1) {
      // Along a rank the segment's empty squares lie in one row of eight
      // 16-bit distances: one minimum for the row, kept where the segment's
      // mask says (the square k steps from `at` gets total + k;
      // simd/distance_row.h). This replaces a loop of unpredictable length
      // (fewer mispredicted branches, callgrind); along a file the squares
      // are eight apart, and one square is cheaper scalar.
      const int rank = kernel::rank_of(static_cast<Square>(at));
      const int file = kernel::file_of(static_cast<Square>(at));
      const unsigned entered = static_cast<unsigned>(segment >> (8 * rank)) & 0xFF &
                               (blockers == 0 ? 0xFFu : ~(1u << kernel::file_of(hit)));
      simd::lower_distance_row(dist_.data() + 8 * rank, file, total, entered);
      total += static_cast<unsigned>(empties);
    } else {
      int sq = at;
      for (int k = 0; k < empties; ++k) {
        sq += offset;
        enter(static_cast<Square>(sq), direction, ++total);
      }
    }
    if (!blockers) return;
    const Bitboard b = kernel::bit(hit);
    const std::uint8_t out = (board.kings & b)
                                 ? kernel::kBeamZap
                                 : kernel::kReflection[direction][board.orientation_at(hit)];
    if (out == kernel::kBeamZap) {
      enter(hit, direction, total + 1);
      return;
    }
    total += (theirs & b) ? 2 : 1;
    enter(hit, direction, total);
    direction = out;
    at = hit;
  }
}

// The 64 distances are two vectors of 32 16-bit lanes for the whole beam. The
// squares of a segment (its empty squares and the piece it ends on) are
// lowered by one masked minimum per vector against total + their distance
// from the segment's start (one more on an enemy piece, which costs 2): no
// loop over the squares, no branch on their number, and no store that a
// later segment must read back. Nothing the beam does next depends on these
// minimums, so they run beside the chain of dependent loads (ray, blockers,
// the piece hit, its reflection) that decides where the beam goes.
template <class Lanes>
void FastCoverage::walk_in_vectors(const Board& board, Square at, int direction, unsigned total) {
  const Bitboard occupied = board.occupied();
  const Bitboard theirs = board.pieces(kernel::opponent(c_));
  Lanes distances(dist_.data());
  // Lowers `squares` to base + their distance from `from`, plus one on
  // `costlier`.
  auto lower = [&](Bitboard squares, Square from, unsigned base, Bitboard costlier) {
    distances.lower(squares, kSquarePairs.manhattan[from].data(), base, costlier);
  };
  for (;;) {
    const Bitboard ray = kernel::kRays[direction][at];
    const Bitboard blockers = ray & occupied;
    if (!blockers) {
      reached_ |= ray;
      lower(ray, at, total, 0);
      break;
    }
    const Square hit =
        direction < 2 ? kernel::lowest_square(blockers) : kernel::highest_square(blockers);
    const Bitboard segment = ray & ~kernel::kRays[direction][hit];  // ends on `hit`
    reached_ |= segment;
    const Bitboard b = kernel::bit(hit);
    const std::uint8_t out = (board.kings & b)
                                 ? kernel::kBeamZap
                                 : kernel::kReflection[direction][board.orientation_at(hit)];
    if (out == kernel::kBeamZap) {
      lower(segment, at, total, 0);
      break;
    }
    const Bitboard costlier = theirs & b;
    lower(segment, at, total, costlier);
    total += static_cast<unsigned>(kernel::popcount(segment)) + (costlier != 0);
    direction = out;
    at = hit;
  }
  distances.store(dist_.data());
}

void FastCoverage::retrace(const Board& after, Bitboard touched) {
  if (touched & kernel::bit(king_)) {
    // The King moved or turned: a new beam from scratch.
    const Square king = after.king_square(c_);
    walk<false>(after, king, after.orientation_at(king), 0);
    return;
  }
  // The beam is unchanged up to the first path square the move changes.
  int first = RecordedPath::kMaxSteps;
  for (Bitboard on_path = touched & path_.squares; on_path;)
    first = std::min<int>(first, path_.first_step[kernel::pop_lowest(on_path)]);
  const Square from = first == 0 ? king_ : path_.square[first - 1];
  const unsigned total = first == 0 ? 0 : path_.distance[first - 1];
  walk<false>(after, from, path_.direction[first], total);
}

void FastCoverage::run() {
  path_.first_step.fill(RecordedPath::kNotOnPath);
  walk<true>(board_, king_, board_.orientation_at(king_), 0);

  // A move matters only if it changes a square of `watch`: the path or the
  // King's square. The moves are enumerated from the watched squares, with
  // bitboards, instead of generating every move and filtering.
  const Bitboard watch = path_.squares | kernel::bit(king_);
  const Bitboard empty = board_.empty();
  const Bitboard ours = board_.pieces(c_);
  const Bitboard theirs = board_.pieces(kernel::opponent(c_));
  constexpr kernel::Rotation kRotations[] = {kernel::kRotateRight, kernel::kRotateUTurn,
                                             kernel::kRotateLeft};

  // A Pawn on the path turned so that the beam hits its back gives the old
  // beam up to that Pawn, entered at the same distances (our Pawn costs 1
  // either way): nothing the path has not already set, so no re-trace.
  auto rotate = [&](Square from) {
    const bool pawn_on_path = from != king_;  // a watched piece of ours that is not the King
    const int arrival = pawn_on_path ? path_.direction[path_.first_step[from]] : 0;
    for (const kernel::Rotation r : kRotations) {
      if (pawn_on_path &&
          kernel::kReflection[arrival][kernel::rotated(board_.orientation_at(from), r)] ==
              kernel::kBeamZap)
        continue;
      Board after = board_;
      after.rotate(from, r);
      retrace(after, kernel::bit(from));
    }
  };
  auto shift = [&](Square from, Square to) {
    Board after = board_;
    after.exchange(from, to);
    retrace(after, kernel::bit(from) | kernel::bit(to));
  };
  auto swap_rotate = [&](Square from, Square mid) {
    for (const kernel::Rotation r : kRotations) {
      Board after = board_;
      after.exchange(from, mid);
      after.rotate(mid, r);
      retrace(after, kernel::bit(from) | kernel::bit(mid));
    }
  };
  // After the swap the enemy stands on `from`, so the follow-up shifts go to
  // the squares around `mid` that are empty now.
  auto swap_shift = [&](Square from, Square mid, Square to) {
    Board after = board_;
    after.exchange(from, mid);
    after.exchange(mid, to);
    retrace(after, kernel::bit(from) | kernel::bit(mid) | kernel::bit(to));
  };

  // 1. Our pieces on watched squares (the King, Pawns on the path): every
  //    move they have.
  for (Bitboard movers = ours & watch; movers;) {
    const Square from = kernel::pop_lowest(movers);
    rotate(from);
    for (Bitboard to = kernel::kNeighbours[from] & empty; to;) shift(from, kernel::pop_lowest(to));
    for (Bitboard mids = kernel::kNeighbours[from] & theirs; mids;) {
      const Square mid = kernel::pop_lowest(mids);
      swap_rotate(from, mid);
      for (Bitboard to = kernel::kNeighbours[mid] & empty; to;)
        swap_shift(from, mid, kernel::pop_lowest(to));
    }
  }

  // A Pawn of ours from off the watched squares arriving on the empty path
  // square `to` changes nothing if the beam hits its back: the beam is the
  // same up to `to`, enters it at the same distance as before (an empty
  // square costs 1 too) and stops there. Only a mirror that turns it counts.
  auto turns_beam = [&](Square pawn_from, Square to) {
    const int direction = path_.direction[path_.first_step[to]];
    return kernel::kReflection[direction][board_.orientation_at(pawn_from)] != kernel::kBeamZap;
  };

  // 2. Our other pieces (Pawns: the King is watched): shifts onto empty
  //    watched squares.
  const Bitboard others = ours & ~watch;
  for (Bitboard targets = watch & empty; targets;) {
    const Square to = kernel::pop_lowest(targets);
    for (Bitboard from_set = kernel::kNeighbours[to] & others; from_set;) {
      const Square from = kernel::pop_lowest(from_set);
      if (turns_beam(from, to)) shift(from, to);
    }
  }

  // 3. Our other pieces: swap-moves with an enemy on a watched square (all of
  //    them), or ending with a shift onto an empty watched square.
  for (Bitboard mids = theirs; mids;) {
    const Square mid = kernel::pop_lowest(mids);
    const Bitboard swappers = kernel::kNeighbours[mid] & others;
    if (!swappers) continue;
    const bool mid_watched = (watch & kernel::bit(mid)) != 0;
    const Bitboard ends = kernel::kNeighbours[mid] & empty & (mid_watched ? ~Bitboard{0} : watch);
    for (Bitboard from_set = swappers; from_set;) {
      const Square from = kernel::pop_lowest(from_set);
      if (mid_watched) {
        swap_rotate(from, mid);
        for (Bitboard to = ends; to;) swap_shift(from, mid, kernel::pop_lowest(to));
      } else {
        // Only the arrival on `to` is on the path (as in 2).
        for (Bitboard to_set = ends; to_set;) {
          const Square to = kernel::pop_lowest(to_set);
          if (turns_beam(from, to)) swap_shift(from, mid, to);
        }
      }
    }
  }
}

}  // namespace

LcoverageDistances lcoverage_distances_fast(const Board& board, Color c) {
  if (!has_both_kings(board)) return unreached_distances();
  FastCoverage fast(board, c);
  fast.run();
  return fast.distances();
}

std::int64_t lcoverage_fixed(const Board& board, Color c) {
  if (!has_both_kings(board)) return 0;
  FastCoverage fast(board, c);
  fast.run();
  const Square king = board.king_square(c);
  const Square enemy_king = board.king_square(kernel::opponent(c));
  return lcoverage_sum_terms(fast.distances(), fast.reached(), king, enemy_king);
}

// ---------------------------------------------------------------- score ----

int lcoverage_scale(std::int64_t value, int weight) {
  // |value| < 2^29 (coverage < 30) and |weight| < 2^31: the product fits.
  const std::int64_t product = value * weight;
  constexpr std::int64_t kHalf = kLcoverageOne / 2;
  return product >= 0 ? static_cast<int>((product + kHalf) >> kLcoverageFractionBits)
                      : -static_cast<int>((-product + kHalf) >> kLcoverageFractionBits);
}

int lcoverage_ev(const Board& board, Color c, int weight) {
  return lcoverage_scale(lcoverage_fixed(board, c), weight);
}

int lcoverage_ev_plain(const Board& board, Color c, int weight) {
  return lcoverage_scale(lcoverage_fixed_plain(board, c), weight);
}

int lcoverage_term(const Board& board, Color c, int weight) {
  return lcoverage_scale(lcoverage_fixed(board, c) - lcoverage_fixed(board, kernel::opponent(c)),
                         weight);
}

}  // namespace leiser::search::eval
