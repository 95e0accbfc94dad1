#include "search/scaling.h"

#include <algorithm>
#include <thread>

#include "search/engine.h"

namespace leiser::search {
namespace {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double nodes_per_second(const ScalingRun& run) {
  return run.seconds > 0 ? static_cast<double>(run.nodes) / run.seconds : 0;
}

// `count` one-thread benches at once, each on an engine of its own: their
// summed node rate.
double independent_node_rate(const ScalingSpec& spec, int count, BenchStop* stop, bool& stopped) {
  std::vector<BenchTotals> totals(static_cast<std::size_t>(count));
  {
    std::vector<std::jthread> searches;
    for (int i = 0; i < count; ++i)
      searches.emplace_back([&spec, &totals, i] {
        totals[static_cast<std::size_t>(i)] =
            run_bench(spec.depth, spec.edition, 1, spec.fens, spec.options);
      });
  }
  stopped = stop && stop->requested();
  double rate = 0;
  for (const BenchTotals& t : totals)
    rate += t.seconds > 0 ? static_cast<double>(t.nodes) / t.seconds : 0;
  return rate;
}

}  // namespace

ScalingSummary summarize(const ScalingRow& row, const ScalingRow& base) {
  ScalingSummary s;
  std::vector<double> seconds, nodes, rates, time_ratios, nps_ratios, overheads, idle;
  const std::size_t rounds = std::min(row.runs.size(), base.runs.size());
  for (std::size_t r = 0; r < rounds; ++r) {
    const ScalingRun& run = row.runs[r];
    const ScalingRun& one = base.runs[r];
    seconds.push_back(run.seconds);
    nodes.push_back(static_cast<double>(run.nodes));
    rates.push_back(nodes_per_second(run));
    if (run.seconds > 0) time_ratios.push_back(one.seconds / run.seconds);
    if (nodes_per_second(one) > 0)
      nps_ratios.push_back(nodes_per_second(run) / nodes_per_second(one));
    if (one.nodes > 0)
      overheads.push_back(static_cast<double>(run.nodes) / static_cast<double>(one.nodes) - 1);
    if (run.idle_share >= 0) idle.push_back(run.idle_share);
  }
  s.seconds = median(seconds);
  s.nodes = static_cast<std::uint64_t>(median(nodes));
  s.nodes_per_second = median(rates);
  s.time_speedup = median(time_ratios);
  s.nps_speedup = median(nps_ratios);
  s.search_overhead = median(overheads);
  s.ceiling = median(row.ceiling);
  s.idle_share = idle.empty() ? -1 : median(idle);
  return s;
}

std::vector<ScalingRow> run_scaling(const ScalingSpec& spec, const ScalingProgress& progress,
                                    BenchStop* stop) {
  const int machine = Engine::max_threads();
  std::vector<ScalingRow> rows;
  for (const int t : spec.threads) rows.push_back({t, t > machine, {}, {}});
  for (int round = 1; round <= spec.rounds; ++round) {
    const std::string prefix =
        "round " + std::to_string(round) + "/" + std::to_string(spec.rounds) + ": ";
    double one_thread_rate = 0;
    for (ScalingRow& row : rows) {
      if (progress)
        progress(prefix + std::to_string(row.threads) +
                 (row.threads == 1 ? " thread" : " threads"));
      BenchOptions options = spec.options;
      if (row.oversubscribed) options.emplace_back("oversubscribe", "true");
      const BenchTotals totals =
          run_bench(spec.depth, spec.edition, row.threads, spec.fens, options, {}, stop);
      if (totals.stopped) return {};
      row.runs.push_back({totals.seconds, totals.nodes, totals.idle_share});
      if (row.threads == 1) one_thread_rate = nodes_per_second(row.runs.back());
    }
    for (ScalingRow& row : rows) {
      if (row.threads == 1 || row.oversubscribed) continue;
      if (progress)
        progress(prefix + std::to_string(row.threads) + " independent one-thread searches at once");
      bool stopped = false;
      const double rate = independent_node_rate(spec, row.threads, stop, stopped);
      if (stopped) return {};
      row.ceiling.push_back(one_thread_rate > 0 ? rate / one_thread_rate : 0);
    }
  }
  return rows;
}

}  // namespace leiser::search
