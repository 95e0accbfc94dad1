// Colours, piece types, orientations and rotations.
#pragma once

#include <cstdint>

namespace leiser::kernel {

// Tangerine ("White", upper case in FEN) moves first; Lavender is "Black".
enum class Color : std::uint8_t { kTangerine = 0, kLavender = 1 };
inline constexpr int kColorCount = 2;

constexpr Color opponent(Color c) { return static_cast<Color>(static_cast<int>(c) ^ 1); }
constexpr int index_of(Color c) { return static_cast<int>(c); }
constexpr const char* color_name(Color c) {
  return c == Color::kTangerine ? "Tangerine" : "Lavender";
}

enum class PieceType : std::uint8_t { kPawn = 0, kKing = 1 };

// Orientation 0..3, clockwise. Kings: N E S W (the laser fires that way).
// Pawns: NW NE SE SW (the direction the mirror faces). Because both orders are
// clockwise, a rotation is the same addition modulo 4 for both piece types.
using Orientation = std::uint8_t;

// Clockwise quarter turns: R = 1, U = 2, L = 3. Zero is "no rotation", which
// the 2016 null move uses.
using Rotation = std::uint8_t;
inline constexpr Rotation kRotateNone = 0;
inline constexpr Rotation kRotateRight = 1;
inline constexpr Rotation kRotateUTurn = 2;
inline constexpr Rotation kRotateLeft = 3;

constexpr Orientation rotated(Orientation o, Rotation r) {
  return static_cast<Orientation>((o + r) & 3);
}

struct Piece {
  Color color;
  PieceType type;
  Orientation orientation;
  friend constexpr bool operator==(const Piece&, const Piece&) = default;
};

// A dense 4-bit code per piece, used to index Zobrist keys:
// bit 3 = colour, bit 2 = King, bits 0-1 = orientation.
constexpr int piece_code(const Piece& p) {
  return (index_of(p.color) << 3) | (static_cast<int>(p.type) << 2) | p.orientation;
}
inline constexpr int kPieceCodeCount = 16;

}  // namespace leiser::kernel
