#include "web/beam_path.h"

#include "kernel/bitboard.h"

namespace leiser::web {

using kernel::Bitboard;
using kernel::Square;

BeamPath beam_path(const kernel::Board& board, kernel::Color shooter) {
  BeamPath path;
  Square at = board.king_square(shooter);
  int d = board.orientation_at(at);
  path.corners.push_back(at);
  const Bitboard occupied = board.occupied();
  // A beam turns at most once per Pawn: 16 pieces bound the corners.
  for (int turn = 0; turn <= 16; ++turn) {
    const Bitboard ray = kernel::kRays[d][at];
    const Bitboard blockers = ray & occupied;
    if (!blockers) {
      // The last square on the board this way (the beam may leave from the
      // square it turned on, with no square beyond).
      if (ray) path.corners.push_back(kernel::nearest_along(ray, (d + 2) & 3));
      path.end = kernel::LaserEnd::kOffBoard;
      path.exit_direction = d;
      return path;
    }
    const Square hit = kernel::nearest_along(blockers, d);
    path.corners.push_back(hit);
    const bool king = (board.kings & kernel::bit(hit)) != 0;
    const std::uint8_t next =
        king ? kernel::kBeamZap : kernel::kReflection[d][board.orientation_at(hit)];
    if (next == kernel::kBeamZap) {
      path.end = king ? kernel::LaserEnd::kZapsKing : kernel::LaserEnd::kZapsPawn;
      return path;
    }
    at = hit;
    d = next;
  }
  return path;  // unreachable: a beam from a King cannot cycle
}

kernel::Bitboard covered_squares(const BeamPath& path) {
  Bitboard covered = 0;
  for (std::size_t i = 0; i < path.corners.size(); ++i) {
    covered |= kernel::bit(path.corners[i]);
    if (i == 0) continue;
    // Every square from the previous corner to this one along their line.
    const int file_step =
        (kernel::file_of(path.corners[i]) > kernel::file_of(path.corners[i - 1])) -
        (kernel::file_of(path.corners[i]) < kernel::file_of(path.corners[i - 1]));
    const int rank_step =
        (kernel::rank_of(path.corners[i]) > kernel::rank_of(path.corners[i - 1])) -
        (kernel::rank_of(path.corners[i]) < kernel::rank_of(path.corners[i - 1]));
    int file = kernel::file_of(path.corners[i - 1]);
    int rank = kernel::rank_of(path.corners[i - 1]);
    while (kernel::make_square(file, rank) != path.corners[i]) {
      file += file_step;
      rank += rank_step;
      covered |= kernel::bit(kernel::make_square(file, rank));
    }
  }
  return covered;
}

}  // namespace leiser::web
