#include "cli/bench_command.h"

#include <chrono>
#include <fstream>
#include <optional>
#include <ostream>

#include "bench/node_bench_positions.h"
#include "cli/parse_integer.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "search/engine.h"

namespace leiser::cli {

namespace {
std::vector<std::string> bench_positions(kernel::Edition edition) {
  const auto& builtin = edition == kernel::Edition::k2016 ? bench::kBenchPositions2016 : bench::kBenchPositions2018;
  return {builtin.begin(), builtin.end()};
}
}  // namespace

BenchTotals run_bench(int depth, kernel::Edition edition, int threads) {
  return run_bench(depth, edition, threads, bench_positions(edition));
}

BenchTotals run_bench(int depth, kernel::Edition edition, int threads, const std::vector<std::string>& fens) {
  search::Engine engine;
  (void)engine.set_option("threads", std::to_string(threads));
  (void)engine.set_option("hash", "16");
  (void)engine.set_option("edition", kernel::edition_name(edition));
  BenchTotals totals;
  for (const std::string& fen : fens) {
    engine.set_game(kernel::Game::from_fen(fen, edition).value());
    engine.new_game();
    search::SearchLimits limits;
    limits.depth = depth;
    const auto start = std::chrono::steady_clock::now();
    const search::SearchResult result = engine.search(limits);
    totals.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    totals.nodes += result.nodes;
    totals.moves_made += result.moves_made;
  }
  totals.splits = engine.split_stats().splits.load();
  totals.tasks = engine.split_stats().tasks.load();
  totals.aborted_tasks = engine.split_stats().aborted_tasks.load();
  totals.abort_notices = engine.split_stats().abort_notices.load();
  if (totals.abort_notices > 0)
    totals.abort_latency_mean_us = static_cast<double>(engine.split_stats().abort_latency_ns_sum.load()) /
                                   static_cast<double>(totals.abort_notices) / 1000.0;
  totals.abort_latency_max_us = static_cast<double>(engine.split_stats().abort_latency_ns_max.load()) / 1000.0;
  return totals;
}

namespace {
// `bench` (the built-in positions), `startpos`, or a file of FENs, one per
// line (blank lines and lines starting with '#' skipped). On failure, the
// error's text.
std::optional<std::string> read_positions(const std::string& source, kernel::Edition edition,
                                          std::vector<std::string>& fens) {
  if (source == "bench") {
    fens = bench_positions(edition);
    return std::nullopt;
  }
  if (source == "startpos") {
    fens = {kernel::to_fen(kernel::Game::start(edition).position())};
    return std::nullopt;
  }
  std::ifstream file(source);
  if (!file) return "bench positions: cannot read '" + source + "' (give bench, startpos or a file of FENs)";
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    std::string fen = line.substr(first, last - first + 1);
    if (auto game = kernel::Game::from_fen(fen, edition); !game)
      return source + ":" + std::to_string(number) + ": " + game.error();
    fens.push_back(std::move(fen));
  }
  if (fens.empty()) return "bench positions: '" + source + "' holds no FEN";
  return std::nullopt;
}
}  // namespace

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  int depth = kDefaultBenchDepth;
  kernel::Edition edition = kernel::kDefaultEdition;
  int threads = 1;
  if (args.size() > 4) {
    err << "error: usage: leiserchess bench [depth] [edition] [threads] [bench|startpos|FEN file]\n";
    return 2;
  }
  if (!args.empty()) {
    const auto d = parse_integer(args[0], 1, 30);
    if (!d) {
      err << "error: bench depth expects an integer from 1 to 30, got '" << args[0] << "'\n";
      return 2;
    }
    depth = static_cast<int>(*d);
  }
  if (args.size() >= 2) {
    const auto e = kernel::parse_edition(args[1]);
    if (!e) {
      err << "error: bench edition expects 2016 or 2018, got '" << args[1] << "'\n";
      return 2;
    }
    edition = *e;
  }
  if (args.size() >= 3) {
    const auto t = parse_integer(args[2], 1, 1024);
    if (!t) {
      err << "error: bench threads expects an integer from 1 to 1024, got '" << args[2] << "'\n";
      return 2;
    }
    threads = static_cast<int>(*t);
  }
  const std::string source = args.size() == 4 ? args[3] : "bench";
  std::vector<std::string> fens;
  if (const auto error = read_positions(source, edition, fens)) {
    err << "error: " << *error << "\n";
    return 2;
  }
  const BenchTotals totals = run_bench(depth, edition, threads, fens);
  out << "Edition " << kernel::edition_name(edition) << ", depth " << depth << ", threads " << threads << ", "
      << fens.size() << (fens.size() == 1 ? " position" : " positions") << " (" << source << ")\n";
  out << "Total time (ms) : " << static_cast<long long>(totals.seconds * 1000 + 0.5) << "\n";
  out << "Nodes searched  : " << totals.nodes << "\n";
  out << "Nodes/second    : "
      << static_cast<long long>(totals.seconds > 0 ? totals.nodes / totals.seconds : 0) << "\n";
  // What the MIT course engines print as nodes: one per move made in a
  // search loop. Compare their nodes per second with this line, not the one above.
  out << "Moves made      : " << totals.moves_made << "\n";
  out << "Moves made/sec  : "
      << static_cast<long long>(totals.seconds > 0 ? totals.moves_made / totals.seconds : 0) << "\n";
  if (threads > 1)
    out << "Splits          : " << totals.splits << " (" << totals.tasks << " tasks, "
        << totals.aborted_tasks << " aborted)\n"
        << "Abort latency   : mean " << totals.abort_latency_mean_us << " us, max "
        << totals.abort_latency_max_us << " us (" << totals.abort_notices << " notices)\n";
  return 0;
}

}  // namespace leiser::cli
