// A perft count as data: what leiserchess-mpi hands an engine core for each
// task and for the shallow depths, instead of a command line whose printed
// counts it would read back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/perft.h"

namespace leiser::core {

struct PerftJob {
  kernel::Edition edition = kernel::kDefaultEdition;
  std::string fen;                 // empty: the edition's start position
  std::vector<std::string> moves;  // played from `fen` first (the node's history, for Ko)
  int depth = 1;
  kernel::PerftMode mode = kernel::PerftMode::kLegal;
  int threads = 1;
  // Megabytes of subtree-count table (kernel/perft_table.h), kept by the core
  // for its next job of the same size; 0: none.
  std::size_t hash_megabytes = 0;
};

// Leaves at depths 1..job.depth, in order.
using PerftCounts = std::vector<std::uint64_t>;

}  // namespace leiser::core
