// A perft count as data: what leiserchess-mpi hands an engine core for each
// task and for the shallow depths, instead of a command line whose printed
// counts it would read back, and what `leiserchess perft` itself counts
// without --divide (commands/perft_command.cpp): one loop for both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
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
  // Trace the next-to-last ply's lasers in batches through the active SIMD
  // implementation's batch op (`perft --batch-lasers`). Off by default: it
  // measured slower than tracing each move as it is made
  // (perf-reports/search-experiments.md). The counts are the same either way.
  bool batch_lasers = false;
};

// Leaves at depths 1..job.depth, in order.
using PerftCounts = std::vector<std::uint64_t>;

// One depth of a job counted, reported as soon as it is known, so that a
// caller can show progress (the perft command prints a line per depth).
struct PerftDepthReport {
  int depth = 0;
  std::uint64_t leaves = 0;
  double seconds = 0;           // this depth's count alone
  std::size_t table_bytes = 0;  // the subtree-count table's size; 0: none
};

using PerftDepthFn = std::function<void(const PerftDepthReport&)>;

}  // namespace leiser::core
