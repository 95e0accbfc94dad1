// Splitting a perft tree into tasks (docs/mpi.md, "Task splitting"): the
// nodes `split_depth` plies below the root, each one a task counted by one
// rank. Rank 0 enumerates them; the order is the move generator's, so the
// same arguments give the same numbering on every run (the checkpoint
// records tasks by number).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/perft.h"
#include "kernel/position.h"

namespace leiser::mpi {

// A node of the tree as `leiserchess perft` can be pointed at it: the FEN of
// the node, or (legal mode) the FEN of its parent and the move, so that the
// command's game has the parent's board as the board Ko looks at.
struct Task {
  std::string fen;
  std::string move;  // empty: `fen` is the node itself
};

struct Split {
  int split_depth = 0;
  std::vector<Task> tasks;
  // Nodes above the split depth where the game is over (a King zapped):
  // each is one leaf at every depth from its ply on, and no task.
  std::uint64_t finished_games = 0;
};

// The tasks of the tree below `root` (a position without history) at
// `split_depth` plies, in the perft's own mode (pseudo or legal moves).
Split split_tree(const kernel::Position& root, kernel::PerftMode mode, int split_depth);

// The split depth for `workers` ranks that count: the shallowest below
// `depth` whose ply has at least `tasks_per_worker` tasks per worker (about
// 50: small enough that the last tasks finish close together, few enough
// that handing them out costs nothing), or depth - 1 if none has.
int choose_split_depth(const kernel::Position& root, kernel::PerftMode mode, int depth, int workers,
                       int tasks_per_worker = 50);

}  // namespace leiser::mpi
