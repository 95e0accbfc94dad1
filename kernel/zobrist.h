// Zobrist hashing: a position's key is the XOR of one random 64-bit number per
// (piece code, square) pair on the board, plus one number when Lavender is to
// move. Keys are generated at compile time from a fixed seed so that node
// counts and TT behaviour are identical on every build and run.
#pragma once

#include <array>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/piece.h"

namespace leiser::kernel {

using Key = std::uint64_t;

namespace detail {
// splitmix64: a well-mixed, reproducible sequence, cheap to run in constexpr.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct ZobristTables {
  std::array<std::array<Key, kSquareCount>, kPieceCodeCount> piece_square{};
  Key lavender_to_move = 0;
};

constexpr ZobristTables make_zobrist_tables() {
  ZobristTables t;
  std::uint64_t state = 0x4C6569736572ULL;  // "Leiser"
  for (auto& per_code : t.piece_square)
    for (auto& key : per_code) key = splitmix64(state);
  t.lavender_to_move = splitmix64(state);
  return t;
}
}  // namespace detail

inline constexpr detail::ZobristTables kZobrist = detail::make_zobrist_tables();

// The key contribution of whatever stands on sq (0 for an empty square).
// Inlined always: make_move calls it three times a move, and g++ otherwise
// outlines it in some translation units as their size changes (0.9% more
// instructions in bench when pvs.cpp grew by a small class).
[[gnu::always_inline]] constexpr Key square_key(const Board& board, Square sq) {
  const Bitboard b = bit(sq);
  if (!(board.occupied() & b)) return 0;
  const int code =
      ((board.by_color[1] & b) ? 8 : 0) | ((board.kings & b) ? 4 : 0) | board.orientation_at(sq);
  return kZobrist.piece_square[code][sq];
}

// The key of a board and side to move computed from scratch (the reference the
// incremental update in make_move is tested against).
constexpr Key compute_key(const Board& board, Color side_to_move) {
  Key key = side_to_move == Color::kLavender ? kZobrist.lavender_to_move : 0;
  for (Bitboard pieces = board.occupied(); pieces;) key ^= square_key(board, pop_lowest(pieces));
  return key;
}

}  // namespace leiser::kernel
