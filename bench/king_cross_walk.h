// The walk form of bench/king_cross_cores.h, included by each core's
// translation unit. Internal linkage and compiler builtins only: a shared
// inline function would be emitted by every TU with its own flags, and the
// linker could keep the AVX-512 copy for a baseline caller.
#pragma once

#include "bench/king_cross_cores.h"

namespace leiser::microbench {
namespace {

// Per direction, branch-free: rising rays (N, E) keep the squares up to and
// including the lowest blocker, blockers ^ (blockers - 1), which is every
// square when there is none; falling rays (S, W) keep those from the highest
// blocker up, and `| 1` makes "none" shift by zero.
KingCross king_cross_walk(kernel::Bitboard occupied, int king) {
  KingCross cross;
  for (int d = 0; d < 2; ++d) {
    const kernel::Bitboard ray = kernel::kRays[d][king];
    const kernel::Bitboard blockers = ray & occupied;
    cross.segment[d] = ray & (blockers ^ (blockers - 1));
  }
  for (int d = 2; d < 4; ++d) {
    const kernel::Bitboard ray = kernel::kRays[d][king];
    const int highest = 63 - __builtin_clzll((ray & occupied) | 1);
    cross.segment[d] = ray & (~kernel::Bitboard{0} << highest);
  }
  return cross;
}

void king_cross_walk_all(const kernel::Board* boards, std::size_t n, KingCross* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const kernel::Board& board = boards[i];
    const kernel::Bitboard occupied = board.by_color[0] | board.by_color[1];
    for (int c = 0; c < 2; ++c)
      out[2 * i + c] = king_cross_walk(occupied, __builtin_ctzll(board.kings & board.by_color[c]));
  }
}

}  // namespace
}  // namespace leiser::microbench
