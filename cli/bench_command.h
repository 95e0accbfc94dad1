// `leiserchess bench [depth] [edition]`: a fixed-depth, single-threaded,
// deterministic search of the bench positions. The total node count is the
// signature of the search's behaviour.
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
  double seconds = 0;
};

// Searches every bench position of the edition to `depth`, clearing all
// search state before each one.
BenchTotals run_bench(int depth, kernel::Edition edition);

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leiser::cli
