// FEN for Leiserchess (RULES.md): ranks 7 down to 0 separated by '/', digits
// for runs of empty squares, two-letter pieces (upper case Tangerine), then a
// space and W or B for the side to move. Example: "ss7/8/8/8/8/8/8/7NN W".
#pragma once

#include <string>
#include <string_view>

#include "kernel/edition.h"
#include "kernel/expected.h"
#include "kernel/position.h"

namespace leiser::kernel {

// Parses a FEN. On error the message names the offending character or token
// and what was expected; it never throws or crashes on any input.
Expected<Position> parse_fen(std::string_view fen, Edition edition);

std::string to_fen(const Position& pos);
std::string board_to_fen(const Board& board);

}  // namespace leiser::kernel
