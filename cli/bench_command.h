// `leiserchess bench [depth] [edition] [threads] [positions] [name=value ...]`: a fixed-depth
// search (single-threaded and deterministic by default) of the bench
// positions, or of the start position (`startpos`) or the FENs of a file. The
// total node count over the bench positions is the signature of the search's
// behaviour.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "kernel/edition.h"
#include "search/search_limits.h"

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
// The same over the given positions (FENs that must parse in `edition`),
// with engine options set first (after threads, hash and edition; each must
// be valid) and `on_position` called with each position's index and result.
using BenchOptions = std::vector<std::pair<std::string, std::string>>;
using BenchPositionCallback = std::function<void(std::size_t index, const search::SearchResult&, double seconds)>;
BenchTotals run_bench(int depth, kernel::Edition edition, int threads, const std::vector<std::string>& fens,
                      const BenchOptions& options = {}, const BenchPositionCallback& on_position = {});

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leiser::cli
