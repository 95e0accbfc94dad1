// Beam squares in order with their path distances, scalar: the reference.
// The square-by-square walk of simd/scalar_beam_walk.h, one board after
// another; nothing clever, so that the vector versions have something
// obviously right to be compared with. tests/simd/test_beam_squares.cpp
// checks it against kernel::trace_laser and the evaluation's LCOVERAGE walk.
#include "kernel/laser.h"
#include "simd/batch_ops.h"
#include "simd/scalar_beam_walk.h"

namespace leiser::simd::scalar {

namespace {

void list_beam(const kernel::Board& board, kernel::Color shooter, BeamSquares& out) {
  out.count = 0;
  out.end = kernel::LaserEnd::kOffBoard;
  out.target = 0;
  const kernel::Square king = board.king_square(shooter);
  walk_beam(board, king, board.orientation_at(king), 0, board.pieces(kernel::opponent(shooter)),
            [&](kernel::Square sq, int distance, kernel::LaserEnd end) {
              // The bound of BeamSquares::kMaxEntries holds for every board,
              // so this never stops the walk; the check keeps a broken
              // invariant from becoming a buffer overflow.
              if (out.count >= BeamSquares::kMaxEntries) return false;
              out.squares[out.count] = sq;
              out.distances[out.count] = static_cast<std::uint16_t>(distance);
              ++out.count;
              if (end != kernel::LaserEnd::kOffBoard) {
                out.end = end;
                out.target = sq;
              }
              return true;
            });
}

}  // namespace

void beam_squares(const kernel::Board* boards, const kernel::Color* shooters, BeamSquares* out,
                  std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) list_beam(boards[i], shooters[i], out[i]);
}

}  // namespace leiser::simd::scalar
