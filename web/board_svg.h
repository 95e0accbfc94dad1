// A Leiserchess position drawn as SVG: the board, the pieces with their
// orientations, and both Kings' beams as they would fire now. The same
// drawing serves `leiserchess display --svg` and the browser board
// (`leiserchess serve`), which finds each square by its data-square
// attribute.
#pragma once

#include <string>

#include "kernel/move.h"
#include "kernel/position.h"

namespace leiser::web {

struct SvgOptions {
  int square_pixels = 64;
  bool beams = true;        // both Kings' beams
  bool coordinates = true;  // file letters and rank digits around the board
  bool flipped = false;     // Lavender's side at the bottom
  // Marked: the last move's squares, the squares a selection may go to, and
  // what the last move zapped (Position::last_zapped()).
  kernel::Move last_move = kernel::Move::none();
  kernel::Bitboard targets = 0;
  kernel::Square selected = 64;  // 64: none
};

std::string board_svg(const kernel::Position& position, const SvgOptions& options = {});

}  // namespace leiser::web
