// Bitboards: one bit per square of the 8x8 Leiserchess board.
//
// Layout: bit index = 8 * rank + file, so a0 = bit 0, h0 = bit 7, a1 = bit 8,
// h7 = bit 63 ("little-endian rank-file mapping"). Files a..h are 0..7 left to
// right, ranks 0..7 bottom to top, as in RULES.md.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace leiser::kernel {

using Bitboard = std::uint64_t;
using Square = std::uint8_t;  // 0..63, see the layout above

inline constexpr int kBoardWidth = 8;
inline constexpr int kSquareCount = 64;

constexpr Square make_square(int file, int rank) { return static_cast<Square>(8 * rank + file); }
constexpr int file_of(Square sq) { return sq & 7; }
constexpr int rank_of(Square sq) { return sq >> 3; }
constexpr Bitboard bit(Square sq) { return Bitboard{1} << sq; }

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank0 = 0xFFULL;
inline constexpr Bitboard kRank7 = kRank0 << 56;

constexpr int popcount(Bitboard bb) { return std::popcount(bb); }
// Lowest set square; bb must not be empty.
constexpr Square lowest_square(Bitboard bb) { return static_cast<Square>(std::countr_zero(bb)); }
// Highest set square; bb must not be empty.
constexpr Square highest_square(Bitboard bb) {
  return static_cast<Square>(63 - std::countl_zero(bb));
}
// Removes and returns the lowest set square; the idiom for iterating a set.
constexpr Square pop_lowest(Bitboard& bb) {
  const Square sq = lowest_square(bb);
  bb &= bb - 1;
  return sq;
}

// The eight movement directions, clockwise from north. Even indices are the
// four laser directions: laser direction d (N=0, E=1, S=2, W=3) is movement
// direction 2 * d.
enum Direction : std::uint8_t { kN, kNE, kE, kSE, kS, kSW, kW, kNW };
inline constexpr int kDirectionCount = 8;
inline constexpr std::array<int, 8> kDirectionFileStep = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr std::array<int, 8> kDirectionRankStep = {1, 1, 0, -1, -1, -1, 0, 1};

// Moves every square of bb one step in direction dir; squares that would leave
// the board disappear (the file masks stop wrap-around from h to a and back).
constexpr Bitboard shift(Bitboard bb, int dir) {
  switch (dir) {
    case kN:
      return bb << 8;
    case kNE:
      return (bb << 9) & ~kFileA;
    case kE:
      return (bb << 1) & ~kFileA;
    case kSE:
      return (bb >> 7) & ~kFileA;
    case kS:
      return bb >> 8;
    case kSW:
      return (bb >> 9) & ~kFileH;
    case kW:
      return (bb >> 1) & ~kFileH;
    default:
      return (bb << 7) & ~kFileH;  // kNW
  }
}

// Every square adjacent to a square of bb (in any of the eight directions).
constexpr Bitboard neighbours(Bitboard bb) {
  Bitboard out = 0;
  for (int dir = 0; dir < 8; ++dir) out |= shift(bb, dir);
  return out;
}

// The square one step from sq in direction dir, or -1 off the board.
constexpr int step(Square sq, int dir) {
  const int file = file_of(sq) + kDirectionFileStep[dir];
  const int rank = rank_of(sq) + kDirectionRankStep[dir];
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return make_square(file, rank);
}

namespace detail {
constexpr std::array<Bitboard, 64> make_neighbour_table() {
  std::array<Bitboard, 64> table{};
  for (int sq = 0; sq < 64; ++sq) {
    for (int dir = 0; dir < 8; ++dir) {
      const int to = step(static_cast<Square>(sq), dir);
      if (to >= 0) table[sq] |= bit(static_cast<Square>(to));
    }
  }
  return table;
}

// kRays[d][sq]: squares strictly beyond sq in laser direction d to the edge.
constexpr std::array<std::array<Bitboard, 64>, 4> make_ray_table() {
  std::array<std::array<Bitboard, 64>, 4> table{};
  for (int d = 0; d < 4; ++d) {
    for (int sq = 0; sq < 64; ++sq) {
      int at = step(static_cast<Square>(sq), 2 * d);
      while (at >= 0) {
        table[d][sq] |= bit(static_cast<Square>(at));
        at = step(static_cast<Square>(at), 2 * d);
      }
    }
  }
  return table;
}

// kSteps[sq][dir]: the square one step away, or -1 off the board.
constexpr std::array<std::array<std::int8_t, 8>, 64> make_step_table() {
  std::array<std::array<std::int8_t, 8>, 64> table{};
  for (int sq = 0; sq < 64; ++sq)
    for (int dir = 0; dir < 8; ++dir)
      table[sq][dir] = static_cast<std::int8_t>(step(static_cast<Square>(sq), dir));
  return table;
}
}  // namespace detail

inline constexpr std::array<std::array<std::int8_t, 8>, 64> kSteps = detail::make_step_table();

// Squares adjacent to sq in any of the eight directions.
inline constexpr std::array<Bitboard, 64> kNeighbours = detail::make_neighbour_table();
inline constexpr std::array<std::array<Bitboard, 64>, 4> kRays = detail::make_ray_table();

}  // namespace leiser::kernel
