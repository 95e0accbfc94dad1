#include "kernel/notation.h"

#include "kernel/quote.h"

namespace leiser::kernel {
namespace {

constexpr char kRotationLetters[4] = {'?', 'R', 'U', 'L'};

std::optional<Rotation> parse_rotation(char c) {
  switch (c) {
    case 'R':
    case 'r':
      return kRotateRight;
    case 'U':
    case 'u':
      return kRotateUTurn;
    case 'L':
    case 'l':
      return kRotateLeft;
    default:
      return std::nullopt;
  }
}

// The direction from a to b when they are adjacent.
std::optional<int> direction_between(Square a, Square b) {
  for (int dir = 0; dir < kDirectionCount; ++dir)
    if (kSteps[a][dir] == b) return dir;
  return std::nullopt;
}

Error move_error(std::string_view text, const std::string& why) {
  return Error{"bad move " + quote(text) + ": " + why};
}

}  // namespace

std::string square_name(Square sq) {
  return {static_cast<char>('a' + file_of(sq)), static_cast<char>('0' + rank_of(sq))};
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const char f = text[0];
  const char r = text[1];
  if (f < 'a' || f > 'h' || r < '0' || r > '7') return std::nullopt;
  return make_square(f - 'a', r - '0');
}

std::string move_to_string(Move m) {
  const Square from = m.from();
  std::string out = square_name(from);
  switch (m.kind()) {
    case MoveKind::kRotate:
      if (m.is_null()) return out + out;
      return out + kRotationLetters[m.rotation()];
    case MoveKind::kShift:
      return out + square_name(static_cast<Square>(kSteps[from][m.direction()]));
    case MoveKind::kSwapRotate:
      return out + square_name(static_cast<Square>(kSteps[from][m.direction()])) +
             kRotationLetters[m.rotation()];
    case MoveKind::kSwapShift: {
      const Square mid = static_cast<Square>(kSteps[from][m.direction()]);
      return out + square_name(mid) +
             square_name(static_cast<Square>(kSteps[mid][m.second_direction()]));
    }
  }
  return out;
}

Expected<Move> parse_move_text(std::string_view text) {
  if (text.size() > 6)
    return move_error(text, "too long (moves are 3 to 6 characters: g4L, h0g1, d5e4R, d5e4f5)");
  const auto read_square = [&](std::size_t at) -> std::optional<Square> {
    if (at + 2 > text.size()) return std::nullopt;
    return parse_square(text.substr(at, 2));
  };
  const auto from = read_square(0);
  if (!from)
    return move_error(text, "expected a square a0..h7 at the start (e.g. g4L, h0g1, d5e4f5)");
  if (text.size() == 3) {
    const auto r = parse_rotation(text[2]);
    if (!r) return move_error(text, "expected a rotation L, R or U after the square");
    return Move::rotation(*from, *r);
  }
  const auto second = read_square(2);
  if (!second)
    return move_error(text, "expected L/R/U or a second square a0..h7 after " + square_name(*from));
  if (text.size() == 4) {
    if (*second == *from) return Move::null_move(*from);
    const auto dir = direction_between(*from, *second);
    if (!dir)
      return move_error(text, square_name(*second) + " is not adjacent to " + square_name(*from));
    return Move::shift(*from, *dir);
  }
  const auto dir = direction_between(*from, *second);
  if (!dir)
    return move_error(text, "the swapped square " + square_name(*second) + " is not adjacent to " +
                                square_name(*from));
  if (text.size() == 5) {
    const auto r = parse_rotation(text[4]);
    if (!r) return move_error(text, "expected a rotation L, R or U after the swap");
    return Move::swap_rotate(*from, *dir, *r);
  }
  const auto third = read_square(4);
  if (!third) return move_error(text, "expected a square a0..h7 as the swap-move's destination");
  const auto dir2 = direction_between(*second, *third);
  if (!dir2)
    return move_error(text, square_name(*third) + " is not adjacent to " + square_name(*second));
  return Move::swap_shift(*from, *dir, *dir2);
}

}  // namespace leiser::kernel
