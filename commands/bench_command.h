// `leiserchess bench [depth] [edition] [threads] [positions] [name=value ...]`:
// the command-line and protocol front end of the signature bench
// (search/benchmark.h). It reads the arguments and the positions (the bench
// positions, `startpos` or the FENs of a file) and prints the totals.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/expected.h"
#include "search/benchmark.h"
#include "search/scaling.h"

namespace leiser::commands {

inline constexpr int kDefaultBenchDepth = 7;

// A bench the arguments ask for, read and checked: what it searches, and how.
struct BenchRequest {
  int depth = kDefaultBenchDepth;
  kernel::Edition edition = kernel::kDefaultEdition;
  int threads = 1;
  std::string source = "bench";   // bench, deep, startpos or a file of FENs
  std::vector<std::string> fens;  // read from the source
  search::BenchOptions options;   // checked on an engine already
};

// The request `args` make (the command line's words after `bench`, not
// `--scaling`), or the one-line reason they make none.
kernel::Expected<BenchRequest> parse_bench_request(const std::vector<std::string>& args);
// Runs it (search::run_bench); `stop` may end it early.
search::BenchTotals run_bench_request(const BenchRequest& request,
                                      const search::BenchPositionCallback& on_position = {},
                                      search::BenchStop* stop = nullptr);
// What `bench` says when a stop ended it early.
std::string bench_stopped_line(const BenchRequest& request, const search::BenchTotals& totals);
// The summary lines `bench` prints: the signature and the rates, and with
// more than one thread the parallel search's counters.
void print_bench_summary(const BenchRequest& request, const search::BenchTotals& totals,
                         std::ostream& out);

// A thread-scaling run `bench --scaling` asks for, read and checked: the
// searches (search/scaling.h) and where its positions came from.
struct ScalingRequest {
  search::ScalingSpec spec;
  std::string source = "deep";
};

// The request `args` make (the words after `bench`, `--scaling` first), or
// the one-line reason they make none.
kernel::Expected<ScalingRequest> parse_scaling_request(const std::vector<std::string>& args);
// The table `bench --scaling` prints for the rows run_scaling returned: a
// heading line, a Markdown row per thread count and the notes under it.
void print_scaling_table(const ScalingRequest& request, const std::vector<search::ScalingRow>& rows,
                         std::ostream& out);

// The command line's `bench`: the summary on `out`, one line per position
// and errors on `err`. Returns 0, 2 for bad arguments, or 1 when `stop`
// ended it early (then `err` says so and `out` holds nothing).
int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                      search::BenchStop* stop = nullptr);

}  // namespace leiser::commands
