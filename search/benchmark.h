// The signature bench: a fixed-depth search of a list of positions (by
// default the bench positions, search/benchmark_positions.h), all search
// state cleared before each one. With one thread it is deterministic, and the
// total node count over the bench positions is the signature of the search's
// behaviour. The command-line and protocol front end is commands/bench_command.h.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "kernel/edition.h"
#include "search/search_limits.h"
#include "search/shared_state.h"

namespace leiser::search {

class Engine;

// Stops a running bench from another thread (the protocol's `stop` and
// `quit` during its `bench`): the running search ends at once and the
// positions left are skipped.
class BenchStop {
 public:
  void request();
  // For the next bench (call only while none runs).
  void reset() { requested_.store(false, std::memory_order_relaxed); }
  bool requested() const { return requested_.load(std::memory_order_relaxed); }
  // The engine a request stops while a bench runs (nullptr: none); run_bench
  // sets it for the bench's life.
  void watch(Engine* engine);

 private:
  std::mutex mutex_;
  std::atomic<bool> requested_{false};
  Engine* engine_ = nullptr;  // the bench's engine while it runs
};

struct BenchTotals {
  std::uint64_t nodes = 0;
  std::uint64_t moves_made = 0;  // the course engines' node count (SearchResult::moves_made)
  double seconds = 0;
  // The search's statistics over the whole bench (SplitCounts); the split
  // counts are zero with one thread.
  SplitCounts counts;
  int threads = 1;
  // Tasks that noticed an abort mid-search, and how long that took.
  double abort_latency_mean_us = 0;
  double abort_latency_max_us = 0;
  // Share of the threads' time spent waiting (measure_idle_time), or -1
  // when not measured.
  double idle_share = -1;
  std::size_t positions = 0;  // searched to the end: fewer than given if stopped
  bool stopped = false;
};

// The deepest bench the front ends take (the command line, the protocol,
// the C API).
inline constexpr int kMaxBenchDepth = 30;

// The bench positions of `edition` as FENs.
std::vector<std::string> bench_positions(kernel::Edition edition);
// The deep set of `edition` as FENs (benchmark_positions.h): positions worth
// seconds of search at deep_bench_depth, for measuring parallel search.
std::vector<std::string> deep_positions(kernel::Edition edition);

// Searches every bench position of the edition to `depth`, clearing all
// search state before each one. One thread is the deterministic mode.
BenchTotals run_bench(int depth, kernel::Edition edition, int threads = 1);
// The same over the given positions (FENs that must parse in `edition`),
// with engine options set first (after threads, hash and edition; each must
// be valid) and `on_position` called with each position's index and result.
using BenchOptions = std::vector<std::pair<std::string, std::string>>;
using BenchPositionCallback =
    std::function<void(std::size_t index, const SearchResult&, double seconds)>;
BenchTotals run_bench(int depth, kernel::Edition edition, int threads,
                      const std::vector<std::string>& fens, const BenchOptions& options = {},
                      const BenchPositionCallback& on_position = {}, BenchStop* stop = nullptr);

}  // namespace leiser::search
