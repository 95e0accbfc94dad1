// LCOVERAGE: see lcoverage.h for the definition as implemented.
#include "search/eval/lcoverage.h"

#include <algorithm>
#include <cstdlib>

#include "kernel/edition.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/movegen.h"
#include "kernel/position.h"

namespace leiser::search::eval {

namespace {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;
using kernel::Move;
using kernel::MoveKind;
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

// ---------------------------------------------------------------- plain ----

// Plays m on the board: the move part of a 2018 turn, no laser.
void apply_without_laser(Board& board, Move m) {
  const Square from = m.from();
  switch (m.kind()) {
    case MoveKind::kRotate:
      board.rotate(from, m.rotation());
      break;
    case MoveKind::kShift:
      board.exchange(from, static_cast<Square>(kernel::kSteps[from][m.direction()]));
      break;
    case MoveKind::kSwapShift: {
      const Square mid = static_cast<Square>(kernel::kSteps[from][m.direction()]);
      board.exchange(from, mid);
      board.exchange(mid, static_cast<Square>(kernel::kSteps[mid][m.second_direction()]));
      break;
    }
    case MoveKind::kSwapRotate: {
      const Square mid = static_cast<Square>(kernel::kSteps[from][m.direction()]);
      board.exchange(from, mid);
      board.rotate(mid, m.rotation());
      break;
    }
  }
}

}  // namespace

// The definition, square by square, reading pieces with piece_at.
void lcoverage_trace_distances(const Board& board, Color c, LcoverageDistances& dist) {
  const Square king = board.king_square(c);
  int direction = board.orientation_at(king);  // laser direction = King orientation
  int at = king;
  int total = 0;
  for (;;) {
    const int next = kernel::step(static_cast<Square>(at), 2 * direction);
    if (next < 0) return;  // off the board
    at = next;
    int cost = 1;
    bool stops = false;
    if (const auto piece = board.piece_at(static_cast<Square>(at))) {
      if (piece->type == kernel::PieceType::kKing) {
        stops = true;
      } else {
        const int out = kernel::kReflection[direction][piece->orientation];
        if (out == kernel::kBeamZap) {
          stops = true;
        } else {
          if (piece->color == kernel::opponent(c)) cost = 2;
          direction = out;
        }
      }
    }
    total += cost;
    dist[at] = static_cast<std::uint16_t>(std::min<int>(dist[at], total));
    if (stops) return;
  }
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
    apply_without_laser(after, m);
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

std::int64_t lcoverage_from_distances(const LcoverageDistances& dist, Square king, Square enemy_king) {
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
  FastCoverage(const Board& board, Color c)
      : board_(board), c_(c), king_(board.king_square(c)) {
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

template <bool kRecord>
void FastCoverage::walk(const Board& board, Square at, int direction, unsigned total) {
  const Bitboard occupied = board.occupied();
  const Bitboard theirs = board.pieces(kernel::opponent(c_));
  for (;;) {
    const int next = kernel::kSteps[at][2 * direction];
    if (next < 0) return;
    at = static_cast<Square>(next);
    const Bitboard b = kernel::bit(at);
    const int entered_along = direction;
    bool stops = false;
    unsigned cost = 1;
    if (occupied & b) {
      const std::uint8_t out =
          (board.kings & b) ? kernel::kBeamZap : kernel::kReflection[direction][board.orientation_at(at)];
      if (out == kernel::kBeamZap) {
        stops = true;
      } else {
        if (theirs & b) cost = 2;
        direction = out;
      }
    }
    total += cost;
    if (total < dist_[at]) dist_[at] = static_cast<std::uint16_t>(total);
    reached_ |= b;
    if constexpr (kRecord) {
      const int i = path_.length++;
      path_.square[i] = at;
      path_.direction[i] = static_cast<std::uint8_t>(entered_along);
      path_.distance[i] = static_cast<std::uint16_t>(total);
      if (path_.first_step[at] == RecordedPath::kNotOnPath)
        path_.first_step[at] = static_cast<std::uint16_t>(i);
      path_.squares |= b;
    }
    if (stops) return;
  }
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

  auto rotate = [&](Square from) {
    for (const kernel::Rotation r : kRotations) {
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
      for (Bitboard to = kernel::kNeighbours[mid] & empty; to;) swap_shift(from, mid, kernel::pop_lowest(to));
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
  const LcoverageDistances& dist = fast.distances();
  std::int64_t sum = 0;
  for (Bitboard reached = fast.reached(); reached;) {
    const Square s = kernel::pop_lowest(reached);
    sum += lcoverage_square_term(manhattan(king, s), dist[s], s, enemy_king);
  }
  return sum;
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
