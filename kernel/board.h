// The placement of pieces, as five bitboards.
//
//   by_color[c]       squares holding a piece of colour c
//   kings             squares holding a King (of either colour)
//   orientation_low   bit 0 of the orientation of the piece on each square
//   orientation_high  bit 1 of the orientation of the piece on each square
//
// Empty squares have all five bits clear, so exchanging the bits of two squares
// in every plane moves a piece to an empty square or swaps two pieces with the
// same code. Orientation values are those of piece.h (clockwise from N / NW).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "kernel/bitboard.h"
#include "kernel/piece.h"

namespace leiser::kernel {

struct Board {
  std::array<Bitboard, kColorCount> by_color{};
  Bitboard kings = 0;
  Bitboard orientation_low = 0;
  Bitboard orientation_high = 0;

  friend constexpr bool operator==(const Board&, const Board&) = default;

  constexpr Bitboard occupied() const { return by_color[0] | by_color[1]; }
  constexpr Bitboard empty() const { return ~occupied(); }
  constexpr Bitboard pieces(Color c) const { return by_color[index_of(c)]; }
  constexpr Bitboard pawns() const { return occupied() & ~kings; }
  constexpr Bitboard pawns(Color c) const { return pieces(c) & ~kings; }
  constexpr Bitboard king(Color c) const { return pieces(c) & kings; }
  // The King's square; the King must be on the board.
  constexpr Square king_square(Color c) const { return lowest_square(king(c)); }
  constexpr bool has_king(Color c) const { return king(c) != 0; }

  // Orientation bits of the piece on sq (0 for an empty square).
  constexpr Orientation orientation_at(Square sq) const {
    return static_cast<Orientation>(((orientation_low >> sq) & 1) |
                                    (((orientation_high >> sq) & 1) << 1));
  }
  // Squares whose piece has orientation o (empty squares count as o == 0, so
  // callers intersect with a piece set).
  constexpr Bitboard with_orientation(Orientation o) const {
    const Bitboard low = (o & 1) ? orientation_low : ~orientation_low;
    const Bitboard high = (o & 2) ? orientation_high : ~orientation_high;
    return low & high;
  }

  std::optional<Piece> piece_at(Square sq) const {
    const Bitboard b = bit(sq);
    if (!(occupied() & b)) return std::nullopt;
    return Piece{(by_color[1] & b) ? Color::kLavender : Color::kTangerine,
                 (kings & b) ? PieceType::kKing : PieceType::kPawn, orientation_at(sq)};
  }

  constexpr void put(Square sq, const Piece& p) {
    const Bitboard b = bit(sq);
    by_color[index_of(p.color)] |= b;
    if (p.type == PieceType::kKing) kings |= b;
    if (p.orientation & 1) orientation_low |= b;
    if (p.orientation & 2) orientation_high |= b;
  }

  constexpr void remove(Square sq) {
    const Bitboard keep = ~bit(sq);
    by_color[0] &= keep;
    by_color[1] &= keep;
    kings &= keep;
    orientation_low &= keep;
    orientation_high &= keep;
  }

  // Exchanges the contents of two squares (either may be empty). Forced
  // inline: it is most of the work of making a move.
  [[gnu::always_inline]] constexpr void exchange(Square a, Square b) {
    const Bitboard both = bit(a) | bit(b);
    // A plane changes exactly where its bits at a and b differ; then both flip.
    auto swap_bits = [a, b, both](auto& plane) {
      plane ^= both & (0 - (((plane >> a) ^ (plane >> b)) & 1));
    };
    if (std::is_constant_evaluated()) {
      swap_bits(by_color[0]);
      swap_bits(by_color[1]);
      swap_bits(kings);
      swap_bits(orientation_low);
      swap_bits(orientation_high);
      return;
    }
    // Two planes per SSE2 register (x86-64 baseline): the same steps in half
    // the instructions (making moves and LCOVERAGE's boards after each move
    // are mostly exchanges).
    using PlanePair = Bitboard __attribute__((vector_size(16)));
    PlanePair colors, kings_and_low;
    __builtin_memcpy(&colors, by_color.data(), sizeof colors);
    __builtin_memcpy(&kings_and_low, &kings, sizeof kings_and_low);
    swap_bits(colors);
    swap_bits(kings_and_low);
    __builtin_memcpy(by_color.data(), &colors, sizeof colors);
    __builtin_memcpy(&kings, &kings_and_low, sizeof kings_and_low);
    swap_bits(orientation_high);
  }

  // Turns the piece on sq clockwise by r quarter turns.
  [[gnu::always_inline]] constexpr void rotate(Square sq, Rotation r) {
    const Orientation after = rotated(orientation_at(sq), r);
    const Bitboard b = bit(sq);
    orientation_low = (orientation_low & ~b) | ((after & 1) ? b : 0);
    orientation_high = (orientation_high & ~b) | ((after & 2) ? b : 0);
  }
};
// exchange() loads kings and orientation_low as one 16-byte pair.
static_assert(offsetof(Board, orientation_low) == offsetof(Board, kings) + sizeof(Bitboard));
static_assert(offsetof(Board, kings) == 2 * sizeof(Bitboard) &&
              sizeof(Board) == 5 * sizeof(Bitboard));

}  // namespace leiser::kernel
