// The path of a King's beam as a picture needs it: the squares where it
// starts, turns and ends, in order. kernel::trace_laser gives the squares it
// covers as a set, which is what the rules need but not where to draw lines.
#pragma once

#include <vector>

#include "kernel/board.h"
#include "kernel/laser.h"

namespace leiser::web {

struct BeamPath {
  // The King's square, then each Pawn that turns the beam, then the last
  // square: the zapped piece's, or the last square on the board when the
  // beam leaves it.
  std::vector<kernel::Square> corners;
  kernel::LaserEnd end = kernel::LaserEnd::kOffBoard;
  // When the beam leaves the board: the direction it leaves in (so the
  // drawing runs on to the edge).
  int exit_direction = 0;
};

// The beam `shooter`'s King fires on `board`; the King must be on the board.
// Follows the same reflection table as the rules (kernel::kReflection), and
// the squares between its corners are exactly kernel::trace_laser's path
// (tests/web/test_beam_path.cpp checks both on random boards).
BeamPath beam_path(const kernel::Board& board, kernel::Color shooter);

// The squares a path covers, corners and the squares between them: the same
// set as kernel::trace_laser(board, shooter).path.
kernel::Bitboard covered_squares(const BeamPath& path);

}  // namespace leiser::web
