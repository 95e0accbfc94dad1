// The network's evaluation (nnue/README.md, "Inference, exactly"): clamp the
// accumulator, three dense layers, centipawns from the side to move's view.
//
// Each kernel has an AVX-512, an AVX2 and a plain branch, chosen at compile
// time (the engine core compiled for each instruction set, docs/isa-cores.md);
// all integer, so every branch gives the same result bit for bit. The plain
// branch is the reference.
#pragma once

#include <cstdint>
#include <string_view>

#include "kernel/board.h"
#include "kernel/piece.h"
#include "nnue/accumulator.h"
#include "nnue/network.h"

namespace leiser::nnue {

// The evaluation of acc's board in centipawns, from side_to_move's view.
int evaluate(const Network& net, const Accumulator& acc, kernel::Color side_to_move);

// The same for a caller without an accumulator (refreshes one on the stack).
int evaluate_board(const Network& net, const kernel::Board& board, kernel::Color side_to_move);

// Which branch this translation unit's kernels were compiled to: "avx512",
// "avx2" or "plain" (so that a test can tell that a build runs the code it
// means to check).
std::string_view kernel_branch();

}  // namespace leiser::nnue
