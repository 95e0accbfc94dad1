// A move in 16 bits.
//
//   bits  0-5   from square
//   bits  6-8   first direction: the shift, or the square swapped with
//   bits  9-11  second direction: the follow-up shift of a 2018 swap-move
//   bits 12-13  rotation (clockwise quarter turns: R=1, U=2, L=3)
//   bits 14-15  kind (MoveKind)
//
// The 2016 null move is a rotation by zero of the King. A 2016 shift onto an
// occupied square is a kShift: the edition's rules make it a swap.
#pragma once

#include <array>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/piece.h"

namespace leiser::kernel {

enum class MoveKind : std::uint8_t {
  kRotate = 0,      // rotation (rotation 0: the 2016 null move)
  kShift = 1,       // shift one square (2016: swaps with an occupant)
  kSwapShift = 2,   // 2018 swap-move followed by a shift
  kSwapRotate = 3,  // 2018 swap-move followed by a rotation
};

class Move {
 public:
  // Trivial so that move lists cost nothing to create; a default-constructed
  // Move holds no value until assigned (use Move::none() for "no move").
  Move() = default;

  static constexpr Move rotation(Square from, Rotation r) {
    return Move(from, 0, 0, r, MoveKind::kRotate);
  }
  static constexpr Move null_move(Square king_square) { return rotation(king_square, kRotateNone); }
  static constexpr Move shift(Square from, int dir) {
    return Move(from, dir, 0, 0, MoveKind::kShift);
  }
  static constexpr Move swap_shift(Square from, int swap_dir, int shift_dir) {
    return Move(from, swap_dir, shift_dir, 0, MoveKind::kSwapShift);
  }
  static constexpr Move swap_rotate(Square from, int swap_dir, Rotation r) {
    return Move(from, swap_dir, 0, r, MoveKind::kSwapRotate);
  }
  // A value no generator produces (a swap from h7 toward the north-west
  // corner beyond the board), used for "no move".
  static constexpr Move none() { return Move(std::uint16_t{0xFFFF}); }

  constexpr Square from() const { return static_cast<Square>(bits_ & 63); }
  constexpr int direction() const { return (bits_ >> 6) & 7; }
  constexpr int second_direction() const { return (bits_ >> 9) & 7; }
  constexpr Rotation rotation() const { return static_cast<Rotation>((bits_ >> 12) & 3); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>(bits_ >> 14); }
  // The square the moving piece ends on: `from` for a rotation, one step
  // for a shift (a 2016 shift onto a piece swaps, and the mover still ends
  // there) and for a swap-rotate, two steps for a swap-shift.
  constexpr Square destination() const {
    switch (kind()) {
      case MoveKind::kRotate:
        return from();
      case MoveKind::kShift:
      case MoveKind::kSwapRotate:
        return static_cast<Square>(kSteps[from()][direction()]);
      case MoveKind::kSwapShift: {
        const auto swapped_into = static_cast<Square>(kSteps[from()][direction()]);
        return static_cast<Square>(kSteps[swapped_into][second_direction()]);
      }
    }
    return from();
  }
  constexpr bool is_null() const { return kind() == MoveKind::kRotate && rotation() == 0; }
  constexpr bool is_swap_move() const { return (bits_ >> 15) != 0; }
  constexpr std::uint16_t raw() const { return bits_; }
  static constexpr Move from_raw(std::uint16_t bits) { return Move(bits); }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  constexpr explicit Move(std::uint16_t bits) : bits_(bits) {}
  constexpr Move(Square from, int dir, int dir2, Rotation r, MoveKind kind)
      : bits_(static_cast<std::uint16_t>(from | (dir << 6) | (dir2 << 9) | (r << 12) |
                                         (static_cast<int>(kind) << 14))) {}
  std::uint16_t bits_;
};

// Enough for any position: at most 8 pieces a side; basic moves <= 8 * 11,
// 2018 swap-moves <= 64 (adjacent pairs) * 10 (3 rotations + 7 shifts).
inline constexpr int kMaxMoves = 8 * 11 + 64 * 10;

class MoveList {
 public:
  constexpr void push(Move m) { moves_[size_++] = m; }
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr Move operator[](int i) const { return moves_[i]; }
  constexpr Move* begin() { return moves_.data(); }
  constexpr Move* end() { return moves_.data() + size_; }
  constexpr const Move* begin() const { return moves_.data(); }
  constexpr const Move* end() const { return moves_.data() + size_; }
  constexpr void clear() { size_ = 0; }
  // Keeps the first n moves.
  constexpr void truncate(int n) { size_ = n; }
  // Takes in the n moves a caller has stored at end() onwards (vector move
  // generation stores a whole register there and keeps the ones it counted).
  constexpr void extend(int n) { size_ += n; }

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_ = 0;
};

}  // namespace leiser::kernel
