// Move and square notation of RULES.md:
//   rotation   square + L/R/U            g4L
//   shift      from + to                 h0g1   (2016: also a swap)
//   swap-move  from + swapped + to       d5e4f5 (2018)
//              from + swapped + L/R/U    d5e4R  (2018)
//   null move  King square twice         h0h0   (2016)
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/expected.h"
#include "kernel/move.h"

namespace leiser::kernel {

std::string square_name(Square sq);
std::optional<Square> parse_square(std::string_view text);

std::string move_to_string(Move m);

// Reads the shape of a move (squares, adjacency, rotation letter) without
// looking at a position; whether the move is legal is Game's question.
Expected<Move> parse_move_text(std::string_view text);

}  // namespace leiser::kernel
