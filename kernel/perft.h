// Perft: the number of leaves of the move tree of a given depth (RULES.md).
// A move that zaps a King is one leaf and is not expanded; draw rules do not
// cut the tree. The last ply is counted without making its moves.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/position.h"

namespace leiser::kernel {

class PerftTable;

enum class PerftMode : std::uint8_t { kLegal, kPseudo };

// A batched laser trace: out[i] = trace_laser(boards[i], shooters[i]) for i <
// count. simd/ supplies vector versions (simd::Implementation::trace_lasers_fn
// has this type); the kernel itself does not depend on simd/.
using BatchTraceFn = void (*)(const Board* boards, const Color* shooters, LaserTrace* out,
                              std::size_t count);

struct PerftRequest {
  int depth = 1;
  PerftMode mode = PerftMode::kLegal;
  // Worker threads (oneTBB); 1 runs on the calling thread only.
  int threads = 1;
  // When set, the next-to-last ply traces the lasers of all its moves in one
  // batch through this function instead of one move at a time. The counts
  // are the same either way.
  BatchTraceFn batch_trace = nullptr;
  // When set, polled during the count: once it reads true the count gives up
  // within a millisecond or so and returns a meaningless number (the caller,
  // who set the flag, knows to discard it). The protocol's `perft` uses it.
  const std::atomic<bool>* stop = nullptr;
  // When set, subtree counts are kept here and a transposition is counted
  // once (kernel/perft_table.h). The counts are the same either way. One
  // table may serve many requests, of any depth, edition and mode, and
  // threads share it.
  PerftTable* table = nullptr;
};

// `previous` is the board before the opponent's most recent move (for Ko in
// legal mode), or nullptr when the root has no history.
std::uint64_t perft(const Position& root, const Board* previous, const PerftRequest& request);

// Called once per root move as soon as its count is known: (index in
// generation order, move, count). With threads it is called from worker
// threads, possibly at the same time, and roughly but not exactly in order.
using RootMoveDone = std::function<void(std::size_t index, Move move, std::uint64_t leaves)>;

// The count below each root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& root,
                                                         const Board* previous,
                                                         const PerftRequest& request,
                                                         const RootMoveDone& on_done = {});

}  // namespace leiser::kernel
