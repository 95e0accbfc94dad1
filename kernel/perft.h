// Perft: the number of leaves of the move tree of a given depth (RULES.md).
// A move that zaps a King is one leaf and is not expanded; draw rules do not
// cut the tree. The last ply is counted without making its moves.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "kernel/board.h"
#include "kernel/move.h"
#include "kernel/position.h"

namespace leiser::kernel {

enum class PerftMode : std::uint8_t { kLegal, kPseudo };

struct PerftRequest {
  int depth = 1;
  PerftMode mode = PerftMode::kLegal;
  // Worker threads (oneTBB); 1 runs on the calling thread only.
  int threads = 1;
};

// `previous` is the board before the opponent's most recent move (for Ko in
// legal mode), or nullptr when the root has no history.
std::uint64_t perft(const Position& root, const Board* previous, const PerftRequest& request);

// The count below each root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& root, const Board* previous,
                                                         const PerftRequest& request);

}  // namespace leiser::kernel
