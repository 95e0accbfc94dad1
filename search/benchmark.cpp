#include "search/benchmark.h"

#include <algorithm>
#include <chrono>

#include "kernel/game.h"
#include "search/benchmark_positions.h"
#include "search/engine.h"

namespace leiser::search {

std::vector<std::string> bench_positions(kernel::Edition edition) {
  const auto& builtin =
      edition == kernel::Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
  return {builtin.begin(), builtin.end()};
}

std::vector<std::string> deep_positions(kernel::Edition edition) {
  const auto& builtin =
      edition == kernel::Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
  const auto& indices = edition == kernel::Edition::k2016 ? kDeepPositions2016 : kDeepPositions2018;
  std::vector<std::string> fens;
  for (const int i : indices) fens.emplace_back(builtin[static_cast<std::size_t>(i)]);
  return fens;
}

void BenchStop::request() {
  requested_.store(true, std::memory_order_relaxed);
  std::lock_guard lock(mutex_);
  if (engine_) engine_->stop();
}

void BenchStop::watch(Engine* engine) {
  std::lock_guard lock(mutex_);
  engine_ = engine;
}

// Makes `engine` the one a BenchStop stops, for the scope's life.
class BenchStopScope {
 public:
  BenchStopScope(BenchStop* stop, Engine& engine) : stop_(stop) {
    if (stop_) stop_->watch(&engine);
  }
  ~BenchStopScope() {
    if (stop_) stop_->watch(nullptr);
  }
  BenchStopScope(const BenchStopScope&) = delete;
  BenchStopScope& operator=(const BenchStopScope&) = delete;

 private:
  BenchStop* stop_;
};

BenchTotals run_bench(int depth, kernel::Edition edition, int threads) {
  return run_bench(depth, edition, threads, bench_positions(edition));
}

BenchTotals run_bench(int depth, kernel::Edition edition, int threads,
                      const std::vector<std::string>& fens, const BenchOptions& options,
                      const BenchPositionCallback& on_position, BenchStop* stop) {
  Engine engine;
  const BenchStopScope scope(stop, engine);
  // Each search clears the engine's stop flag when it starts, so a request
  // that comes between the check before a position and that start would be
  // lost: the first iteration's info line looks again. Without a stop there
  // is nothing to watch, so no callback.
  InfoCallback watch_stop;
  if (stop)
    watch_stop = [stop, &engine](const SearchReport&) {
      if (stop->requested()) engine.stop();
    };
  (void)engine.set_option("threads", std::to_string(threads));
  (void)engine.set_option("hash", "16");
  (void)engine.set_option("edition", kernel::edition_name(edition));
  // A parallel bench reports how fast aborts reach the tasks (two clock reads
  // per abort); a one-thread bench has no aborts to time. An option given
  // to the bench overrides this.
  (void)engine.set_option("measure_abort_latency", threads > 1 ? "true" : "false");
  (void)engine.set_option("measure_idle_time", threads > 1 ? "true" : "false");
  // The signature is the classic evaluation's, whatever play defaults to, so
  // that node counts stay comparable with the course engines (Eval=nnue given
  // to the bench overrides it).
  (void)engine.set_option("Eval", "classic");
  for (const auto& [name, value] : options) (void)engine.set_option(name, value);
  BenchTotals totals;
  for (std::size_t index = 0; index < fens.size(); ++index) {
    if (stop && stop->requested()) {
      totals.stopped = true;
      break;
    }
    const std::string& fen = fens[index];
    engine.set_game(kernel::Game::from_fen(fen, edition).value());
    engine.new_game();
    // Outside the timed search: a fresh table faults in a 2 MiB huge page at
    // each first touch, about 10 ms per 64 MB on a VM, all of it in a
    // search's first, serial iterations (perf-reports/parallel-experiments.md).
    engine.fault_in_table();
    SearchLimits limits;
    limits.depth = depth;
    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = engine.search(limits, watch_stop);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (stop && stop->requested()) {
      totals.stopped = true;  // this position's search may be cut short: not counted
      break;
    }
    ++totals.positions;
    totals.seconds += seconds;
    if (on_position) on_position(index, result, seconds);
    totals.nodes += result.nodes;
    totals.moves_made += result.moves_made;
  }
  totals.counts = engine.split_stats().snapshot();
  totals.threads = engine.threads();
  if (totals.counts.abort_notices > 0)
    totals.abort_latency_mean_us = static_cast<double>(totals.counts.abort_latency_ns_sum) /
                                   static_cast<double>(totals.counts.abort_notices) / 1000.0;
  totals.abort_latency_max_us = static_cast<double>(totals.counts.abort_latency_ns_max) / 1000.0;
  if (totals.counts.busy_ns > 0 && totals.seconds > 0)
    totals.idle_share =
        std::max(0.0, 1.0 - static_cast<double>(totals.counts.busy_ns) / 1e9 /
                                (totals.seconds * static_cast<double>(totals.threads)));
  return totals;
}

}  // namespace leiser::search
