// The command line of `leiserchess-mpi perft ...` (docs/mpi.md). Every rank
// parses the same argv, so every rank knows a bad argument without a message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/perft_job.h"
#include "kernel/edition.h"
#include "kernel/expected.h"
#include "kernel/perft.h"

namespace leiser::mpi {

inline constexpr const char* kUsage =
    "usage: leiserchess-mpi perft [--edition 2018|2016] [--fen FEN] --depth N [--pseudo] "
    "[--threads T] [--hash MB] [--checkpoint FILE] [--split-depth D] [--simd "
    "scalar|avx2|avx512|auto]";

struct PerftArgs {
  kernel::Edition edition = kernel::kDefaultEdition;
  std::optional<std::string> fen;  // none: the edition's start position
  int depth = 0;
  kernel::PerftMode mode = kernel::PerftMode::kLegal;
  int threads = 1;  // oneTBB threads per rank
  // Megabytes of perft table (kernel/perft_table.h) per rank; 0: none. The
  // perft command keeps its table for the rank's next task (commands/perft_command.cpp).
  std::size_t hash_megabytes = 0;
  std::optional<std::string> checkpoint;
  std::optional<int> split_depth;  // none: chosen from the number of workers
  // Test-only: rank 0 hands out no task after this many have finished in
  // this run, so that a test can interrupt a run at a known point and resume.
  std::optional<std::int64_t> stop_after_tasks;
  // Test-only: rank 1 kills itself (SIGKILL) after sending this many
  // results, as a crashed machine would.
  std::optional<std::int64_t> die_after_tasks;
};

// Parses the arguments after the program's name (with --simd already taken
// out): "perft" and its options. The error is one line without "error: ".
kernel::Expected<PerftArgs> parse_perft_args(const std::vector<std::string>& args);

// The job that counts the tree below `move` played from `fen` (no move: the
// tree of `fen`): each task and the shallow depths are counted as one.
core::PerftJob perft_job(kernel::Edition edition, const std::string& fen, const std::string& move,
                         int depth, kernel::PerftMode mode, int threads,
                         std::size_t hash_megabytes);

}  // namespace leiser::mpi
