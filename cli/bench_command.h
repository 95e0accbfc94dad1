// `leiserchess bench [depth] [edition] [threads] [positions]`: a fixed-depth
// search (single-threaded and deterministic by default) of the bench
// positions, or of the start position (`startpos`) or the FENs of a file. The
// total node count over the bench positions is the signature of the search's
// behaviour.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "kernel/edition.h"

namespace leiser::cli {

inline constexpr int kDefaultBenchDepth = 7;

struct BenchTotals {
  std::uint64_t nodes = 0;
  std::uint64_t moves_made = 0;  // the course engines' node count (SearchResult::moves_made)
  double seconds = 0;
  std::uint64_t splits = 0;  // parallel search only
  std::uint64_t tasks = 0;
  std::uint64_t aborted_tasks = 0;
  // Tasks that noticed an abort mid-search, and how long that took.
  std::uint64_t abort_notices = 0;
  double abort_latency_mean_us = 0;
  double abort_latency_max_us = 0;
};

// Searches every bench position of the edition to `depth`, clearing all
// search state before each one. One thread is the deterministic mode.
BenchTotals run_bench(int depth, kernel::Edition edition, int threads = 1);
// The same over the given positions (FENs that must parse in `edition`).
BenchTotals run_bench(int depth, kernel::Edition edition, int threads, const std::vector<std::string>& fens);

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leiser::cli
