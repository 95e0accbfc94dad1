#include "search/scaling.h"

#include <algorithm>
#include <cmath>
#include <thread>
#include <utility>

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

// The geometric mean over positions of numerator[i] / denominator[i];
// positions where either is 0 are left out. 0 when none is left.
template <typename T>
double geometric_mean_ratio(const std::vector<T>& numerator, const std::vector<T>& denominator) {
  const std::size_t n = std::min(numerator.size(), denominator.size());
  double log_sum = 0;
  std::size_t counted = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(numerator[i] > 0) || !(denominator[i] > 0)) continue;
    log_sum += std::log(static_cast<double>(numerator[i]) / static_cast<double>(denominator[i]));
    ++counted;
  }
  return counted == 0 ? 0 : std::exp(log_sum / static_cast<double>(counted));
}

}  // namespace

ScalingSummary summarize(const ScalingRow& row, const ScalingRow& base) {
  ScalingSummary s;
  std::vector<double> seconds, nodes, rates, time_ratios, nps_ratios, overheads, idle;
  std::vector<double> position_speedups, position_overheads;
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
    if (const double ratio = geometric_mean_ratio(run.position_nodes, one.position_nodes);
        ratio > 0)
      position_overheads.push_back(ratio - 1);
    if (const double ratio = geometric_mean_ratio(one.position_seconds, run.position_seconds);
        ratio > 0)
      position_speedups.push_back(ratio);
    if (run.idle_share >= 0) idle.push_back(run.idle_share);
  }
  s.seconds = median(seconds);
  s.nodes = static_cast<std::uint64_t>(median(nodes));
  s.nodes_per_second = median(rates);
  s.time_speedup = median(time_ratios);
  s.nps_speedup = median(nps_ratios);
  s.search_overhead = median(overheads);
  s.position_time_speedup = median(position_speedups);
  s.position_overhead = median(position_overheads);
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
      ScalingRun run;
      run.position_nodes.assign(spec.fens.size(), 0);
      run.position_seconds.assign(spec.fens.size(), 0);
      const BenchTotals totals = run_bench(
          spec.depth, spec.edition, row.threads, spec.fens, options,
          [&run](std::size_t index, const SearchResult& result, double seconds) {
            run.position_nodes[index] = result.nodes;
            run.position_seconds[index] = seconds;
          },
          stop);
      if (totals.stopped) return {};
      run.seconds = totals.seconds;
      run.nodes = totals.nodes;
      run.idle_share = totals.idle_share;
      row.runs.push_back(std::move(run));
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
