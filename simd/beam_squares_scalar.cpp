// Beam squares in order with their path distances, scalar: the reference.
// A square-by-square walk written straight from RULES.md (the reflection
// table) and EVAL-2018.md (the costs), one board after another; nothing
// clever, so that the vector versions have something obviously right to be
// compared with. tests/simd/test_beam_squares.cpp checks it against
// kernel::trace_laser and simd::lcoverage_walk.
#include "kernel/laser.h"
#include "simd/kernels.h"

namespace leiser::simd::scalar {

namespace {

void walk(const kernel::Board& board, kernel::Color shooter, BeamSquares& out) {
  out.count = 0;
  out.end = kernel::LaserEnd::kOffBoard;
  out.target = 0;
  int at = board.king_square(shooter);
  int direction = board.orientation_at(static_cast<kernel::Square>(at));
  int total = 0;
  for (;;) {
    const int next = kernel::step(static_cast<kernel::Square>(at), 2 * direction);
    if (next < 0) return;  // off the board
    at = next;
    const auto sq = static_cast<kernel::Square>(at);
    int cost = 1;
    bool stops = false;
    if (const auto piece = board.piece_at(sq)) {
      if (piece->type == kernel::PieceType::kKing) {
        stops = true;
        out.end = kernel::LaserEnd::kZapsKing;
      } else if (const int turned = kernel::kReflection[direction][piece->orientation];
                 turned == kernel::kBeamZap) {
        stops = true;
        out.end = kernel::LaserEnd::kZapsPawn;
      } else {
        if (piece->color == kernel::opponent(shooter)) cost = 2;
        direction = turned;
      }
    }
    total += cost;
    // The bound of BeamSquares::kMaxEntries holds for every board, so this
    // never writes past the array; the check keeps a broken invariant from
    // becoming a buffer overflow.
    if (out.count >= BeamSquares::kMaxEntries) return;
    out.squares[out.count] = sq;
    out.distances[out.count] = static_cast<std::uint16_t>(total);
    ++out.count;
    if (stops) {
      out.target = sq;
      return;
    }
  }
}

}  // namespace

void beam_squares(const kernel::Board* boards, const kernel::Color* shooters, BeamSquares* out,
                  std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) walk(boards[i], shooters[i], out[i]);
}

}  // namespace leiser::simd::scalar
