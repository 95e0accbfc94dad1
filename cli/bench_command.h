// `leiserchess bench [depth] [edition] [threads] [positions] [name=value ...]`:
// the command-line and protocol front end of the signature bench
// (search/benchmark.h). It reads the arguments and the positions (the bench
// positions, `startpos` or the FENs of a file) and prints the totals.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "search/benchmark.h"

namespace leiser::cli {

inline constexpr int kDefaultBenchDepth = 7;

// The command line's `bench`: the summary on `out`, one line per position
// and errors on `err`. Returns 0, 2 for bad arguments, or 1 when `stop`
// ended it early (then `err` says so and `out` holds nothing).
int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                      search::BenchStop* stop = nullptr);

}  // namespace leiser::cli
