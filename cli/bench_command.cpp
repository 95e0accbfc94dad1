#include "cli/bench_command.h"

#include <optional>
#include <ostream>
#include <sstream>

#include "cli/parse_integer.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/read_file.h"
#include "search/benchmark.h"
#include "search/engine.h"

namespace leiser::cli {

namespace {
// `bench` (the built-in positions), `startpos`, or a file of FENs, one per
// line (blank lines and lines starting with '#' skipped). On failure, the
// error's text.
std::optional<std::string> read_positions(const std::string& source, kernel::Edition edition,
                                          std::vector<std::string>& fens) {
  if (source == "bench") {
    fens = search::bench_positions(edition);
    return std::nullopt;
  }
  if (source == "startpos") {
    fens = {kernel::to_fen(kernel::Game::start(edition).position())};
    return std::nullopt;
  }
  const kernel::Expected<std::string> text = kernel::read_file(source, kernel::kMaxTextFileBytes);
  if (!text) return "bench positions: " + text.error() + " (give bench, startpos or a file of FENs)";
  std::istringstream file(*text);
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

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                      search::BenchStop* stop) {
  int depth = kDefaultBenchDepth;
  kernel::Edition edition = kernel::kDefaultEdition;
  int threads = 1;
  // Trailing name=value arguments are engine options.
  std::vector<std::string> positional;
  // Options are checked as they will be set: in order, on one engine (an
  // option may depend on an earlier one, as Eval=nnue on EvalFile); made
  // only when there are options, since an engine's tables take time to set up.
  std::optional<search::Engine> probe;
  search::BenchOptions options;
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      if (!options.empty()) {
        err << "error: bench: '" << arg << "' after an option (options name=value come last)\n";
        return 2;
      }
      positional.push_back(arg);
      continue;
    }
    options.emplace_back(arg.substr(0, eq), arg.substr(eq + 1));
    if (!probe) probe.emplace();
    if (const auto problem = probe->set_option(options.back().first, options.back().second)) {
      err << "error: bench: " << *problem << "\n";
      return 2;
    }
  }
  const std::vector<std::string>& args_ = positional;
  if (args_.size() > 4) {
    err << "error: usage: leiserchess bench [depth] [edition] [threads] [bench|startpos|FEN file] [name=value ...]\n";
    return 2;
  }
  if (!args_.empty()) {
    const auto d = parse_integer(args_[0], 1, 30);
    if (!d) {
      err << "error: bench depth expects an integer from 1 to 30, got '" << args_[0] << "'\n";
      return 2;
    }
    depth = static_cast<int>(*d);
  }
  if (args_.size() >= 2) {
    const auto e = kernel::parse_edition(args_[1]);
    if (!e) {
      err << "error: bench edition expects 2016 or 2018, got '" << args_[1] << "'\n";
      return 2;
    }
    edition = *e;
  }
  if (args_.size() >= 3) {
    const auto t = parse_integer(args_[2], 1, 1024);
    if (!t) {
      err << "error: bench threads expects an integer from 1 to 1024, got '" << args_[2] << "'\n";
      return 2;
    }
    threads = static_cast<int>(*t);
  }
  const std::string source = args_.size() == 4 ? args_[3] : "bench";
  std::vector<std::string> fens;
  if (const auto error = read_positions(source, edition, fens)) {
    err << "error: " << *error << "\n";
    return 2;
  }
  // One line per position on stderr (the totals on stdout are what scripts read).
  const search::BenchTotals totals = search::run_bench(
      depth, edition, threads, fens, options,
      [&](std::size_t index, const search::SearchResult& r, double seconds) {
        err << "position " << index + 1 << "/" << fens.size() << ": bestmove " << kernel::move_to_string(r.best_move)
            << " score " << r.score << " depth " << r.depth << " nodes " << r.nodes << " moves_made "
            << r.moves_made << " time_ms " << static_cast<long long>(seconds * 1000 + 0.5) << "\n";
      },
      stop);
  if (totals.stopped) {
    err << "bench stopped after " << totals.positions << " of " << fens.size() << " positions\n";
    return 1;
  }
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
