// The network's input features (nnue/README.md, "Features") and the sizes of
// its layers (nnue/README.md, "Network").
//
// A perspective sees the board as if it were Tangerine: Lavender's turns the
// board a half turn (square 63 - s, orientation + 2) and calls its own pieces
// "mine". Each occupied square is one active feature per perspective.
#pragma once

#include <array>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/piece.h"

namespace leiser::nnue {

inline constexpr int kFeatureCount =
    1024;  // 2 (mine, theirs) * 2 types * 4 orientations * 64 squares
inline constexpr int kHalfDimensions = 128;  // feature transformer outputs per perspective
inline constexpr int kL1Inputs = 2 * kHalfDimensions;
inline constexpr int kL1Outputs = 16;
inline constexpr int kL2Outputs = 32;
inline constexpr int kPerspectiveCount = 2;

// Integer inference: activations are clamped to [0, kActivationMax], hidden
// sums are shifted right by kWeightShift (weights scaled by 1024), and the
// output is in units of kOutputScale per Pawn.
inline constexpr int kActivationMax = 127;
inline constexpr int kWeightShift = 10;
inline constexpr int kOutputScale = 127 * 1024;  // 130048

// The feature of piece p on square s seen from `perspective`.
constexpr int feature_index(kernel::Color perspective, kernel::Square s, const kernel::Piece& p) {
  const bool tangerine_view = perspective == kernel::Color::kTangerine;
  const int square = tangerine_view ? s : 63 - s;
  const int orientation = tangerine_view ? p.orientation : (p.orientation + 2) & 3;
  const int relation = p.color == perspective ? 0 : 1;
  return ((relation * 2 + static_cast<int>(p.type)) * 4 + orientation) * 64 + square;
}

// The piece on an occupied square, read straight from the planes (constexpr,
// unlike Board::piece_at's optional).
constexpr kernel::Piece occupant(const kernel::Board& board, kernel::Square s) {
  const kernel::Bitboard b = kernel::bit(s);
  return {(board.by_color[1] & b) ? kernel::Color::kLavender : kernel::Color::kTangerine,
          (board.kings & b) ? kernel::PieceType::kKing : kernel::PieceType::kPawn,
          board.orientation_at(s)};
}

// The active features of a board for one perspective, in square order. A
// board has at most 64 pieces, so a fixed array suffices; only the first
// `size` entries are set (no zeroing: update builds four lists per move).
struct FeatureList {
  std::array<std::uint16_t, kernel::kSquareCount> indices;
  int size = 0;

  constexpr void push(int feature) { indices[size++] = static_cast<std::uint16_t>(feature); }
};

constexpr FeatureList active_features(const kernel::Board& board, kernel::Color perspective) {
  FeatureList list;
  for (kernel::Bitboard occupied = board.occupied(); occupied;) {
    const kernel::Square s = kernel::pop_lowest(occupied);
    list.push(feature_index(perspective, s, occupant(board, s)));
  }
  return list;
}

}  // namespace leiser::nnue
