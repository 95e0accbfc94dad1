#include "commands/bench_command.h"

#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

#include "base/parse_integer.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/read_file.h"
#include "search/benchmark.h"
#include "search/benchmark_positions.h"
#include "search/engine.h"
#include "search/scaling.h"

namespace leiser::commands {

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
  if (source == "deep") {
    fens = search::deep_positions(edition);
    return std::nullopt;
  }
  if (source == "startpos") {
    fens = {kernel::to_fen(kernel::Game::start(edition).position())};
    return std::nullopt;
  }
  const kernel::Expected<std::string> text = kernel::read_file(source, kernel::kMaxTextFileBytes);
  if (!text)
    return "bench positions: " + text.error() + " (give bench, deep, startpos or a file of FENs)";
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
// The deep set searches with the engine's default table, not the signature
// bench's 16 MB (search/benchmark_positions.h, kDeepBenchHashMb); an option
// given to the bench comes after this one and overrides it.
void add_source_defaults(const std::string& source, search::BenchOptions& options) {
  if (source == "deep")
    options.insert(options.begin(), {"hash", std::to_string(search::kDeepBenchHashMb)});
}

double percent(std::uint64_t part, std::uint64_t whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// What the parallel search did (search/shared_state.h, SplitCounts), a line
// per measure, after the totals.
void print_parallel_counts(std::ostream& out, const search::BenchTotals& totals) {
  const search::SplitCounts& c = totals.counts;
  const auto old_flags = out.flags();
  const auto old_precision = out.precision();
  out << std::fixed << std::setprecision(1);
  out << "Splits          : " << c.splits << " (PV " << c.splits_pv << ", ALL " << c.splits_all
      << ", CUT " << c.splits_cut << ")\n";
  out << "Helper tasks    : " << c.tasks << " spawned, " << c.helpers_joined
      << " joined; helpers searched " << c.helper_moves << " of " << c.split_moves
      << " split moves\n";
  out << "After cutoffs   : " << c.moves_after_cutoff << " moves, " << c.nodes_after_cutoff
      << " nodes (" << percent(c.nodes_after_cutoff, totals.nodes)
      << "% of all) searched after a brother cut\n";
  out << "Aborted moves   : " << c.aborted_tasks << "\n";
  out << "PV re-searches  : " << c.pv_researches << " (at split points " << c.pv_researches_deferred
      << " deferred behind another, " << c.pv_rescouts << " scouted again)\n";
  out << "IIR reductions  : " << c.iir_reductions << "\n";
  out << "Singular exts   : " << c.singular_extensions << "\n";
  if (c.filler_nodes > 0)
    out << "Fillers         : " << c.filler_nodes << " nodes searched ahead ("
        << percent(c.filler_nodes, totals.nodes) << "% of all), " << c.filler_visits
        << " visits to split points\n";
  if (c.abdada_deferrals > 0)
    out << "Deferred moves  : " << c.abdada_deferrals
        << " put off while another thread searched them (ABDADA)\n";
  out << "First-move cuts : " << percent(c.first_move_cutoffs, c.cutoffs) << "% of " << c.cutoffs
      << " cutoffs\n";
  if (totals.idle_share >= 0)
    out << "Idle            : " << 100.0 * totals.idle_share << "% of thread time\n";
  out.precision(3);
  out << "Abort latency   : mean " << totals.abort_latency_mean_us << " us, max "
      << totals.abort_latency_max_us << " us (" << c.abort_notices << " notices)\n";
  if (c.task_errors > 0) out << "Task errors     : " << c.task_errors << "\n";
  out.flags(old_flags);
  out.precision(old_precision);
}

// A bench command line's words split into its positional arguments and the
// name=value engine options that come last. Options are checked as they will
// be set: in order, on one engine (an option may depend on an earlier one, as
// Eval=nnue on EvalFile), made only when there are options, since an
// engine's tables take time to set up. On failure, the error's text.
std::optional<std::string> split_arguments(const std::vector<std::string>& args,
                                           std::vector<std::string>& positional,
                                           search::BenchOptions& options) {
  std::optional<search::Engine> probe;
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      if (!options.empty())
        return "bench: '" + arg + "' after an option (options name=value come last)";
      positional.push_back(arg);
      continue;
    }
    options.emplace_back(arg.substr(0, eq), arg.substr(eq + 1));
    if (!probe) probe.emplace();
    if (const auto problem = probe->set_option(options.back().first, options.back().second))
      return "bench: " + *problem;
  }
  return std::nullopt;
}

kernel::Expected<int> parse_depth(const std::string& word) {
  const auto d = base::parse_integer(word, 1, search::kMaxBenchDepth);
  if (!d)
    return kernel::Error{"bench depth expects an integer from 1 to " +
                         std::to_string(search::kMaxBenchDepth) + ", got '" + word + "'"};
  return static_cast<int>(*d);
}

kernel::Expected<kernel::Edition> parse_bench_edition(const std::string& word) {
  const auto e = kernel::parse_edition(word);
  if (!e) return kernel::Error{"bench edition expects 2016 or 2018, got '" + word + "'"};
  return *e;
}
}  // namespace

kernel::Expected<ScalingRequest> parse_scaling_request(const std::vector<std::string>& args) {
  const kernel::Error usage{
      "usage: leiserchess bench --scaling T1,T2,... [depth] [edition] "
      "[bench|deep|startpos|FEN file] [--rounds R] [name=value ...] (the first thread count is 1)"};
  if (args.size() < 2 || args[0] != "--scaling") return usage;
  ScalingRequest request;
  search::ScalingSpec& spec = request.spec;
  {
    const std::string& list = args[1];
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t comma = std::min(list.find(',', start), list.size());
      const auto t =
          base::parse_integer(std::string_view(list).substr(start, comma - start), 1, 1024);
      if (!t)
        return kernel::Error{
            "bench --scaling expects thread counts from 1 to 1024 separated by commas, got '" +
            list + "'"};
      spec.threads.push_back(static_cast<int>(*t));
      start = comma + 1;
    }
    if (spec.threads.front() != 1)
      return kernel::Error{
          "bench --scaling: the first thread count must be 1 (every row is paired with it), got '" +
          list + "'"};
  }
  // `--rounds R` may stand anywhere after the thread counts.
  std::vector<std::string> rest;
  for (std::size_t i = 2; i < args.size(); ++i) {
    if (args[i] != "--rounds") {
      rest.push_back(args[i]);
      continue;
    }
    const auto r = i + 1 < args.size() ? base::parse_integer(args[i + 1], 1, 100) : std::nullopt;
    if (!r) return kernel::Error{"bench --rounds expects an integer from 1 to 100"};
    spec.rounds = static_cast<int>(*r);
    ++i;
  }
  std::vector<std::string> positional;
  if (const auto error = split_arguments(rest, positional, spec.options))
    return kernel::Error{*error};
  if (positional.size() > 3) return usage;
  std::optional<int> depth;  // by default the edition's deep_bench_depth
  if (!positional.empty()) {
    const auto d = parse_depth(positional[0]);
    if (!d) return kernel::Error{d.error()};
    depth = *d;
  }
  if (positional.size() >= 2) {
    const auto e = parse_bench_edition(positional[1]);
    if (!e) return kernel::Error{e.error()};
    spec.edition = *e;
  }
  spec.depth = depth.value_or(search::deep_bench_depth(spec.edition));
  if (positional.size() == 3) request.source = positional[2];
  if (const auto error = read_positions(request.source, spec.edition, spec.fens))
    return kernel::Error{*error};
  add_source_defaults(request.source, spec.options);
  return request;
}

void print_scaling_table(const ScalingRequest& request, const std::vector<search::ScalingRow>& rows,
                         std::ostream& out) {
  const search::ScalingSpec& spec = request.spec;
  const int machine = search::Engine::max_threads();
  out << "Scaling: edition " << kernel::edition_name(spec.edition) << ", depth " << spec.depth
      << ", " << spec.fens.size() << (spec.fens.size() == 1 ? " position" : " positions") << " ("
      << request.source << "), " << spec.rounds << (spec.rounds == 1 ? " round" : " rounds")
      << "; this machine runs " << machine << (machine == 1 ? " thread" : " threads")
      << " at once\n\n";
  out << "| threads | time to depth (ms) | time speed-up | per position | nodes | search overhead "
         "| per position | nodes/s | nps speed-up | ceiling | time speed-up / ceiling | idle |\n";
  out << "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  const auto old_flags = out.flags();
  const auto old_precision = out.precision();
  out << std::fixed;
  bool any_oversubscribed = false;
  for (const search::ScalingRow& row : rows) {
    const search::ScalingSummary s = search::summarize(row, rows.front());
    any_oversubscribed = any_oversubscribed || row.oversubscribed;
    out << "| " << row.threads << (row.oversubscribed ? "*" : "") << " | " << std::setprecision(0)
        << s.seconds * 1000 << " | ";
    if (row.oversubscribed)
      out << "- | - | ";
    else
      out << std::setprecision(2) << s.time_speedup << "x | " << s.position_time_speedup << "x | ";
    out << s.nodes << " | " << std::showpos << std::setprecision(1) << 100 * s.search_overhead
        << "% | " << 100 * s.position_overhead << "%" << std::noshowpos << " | "
        << std::setprecision(0) << s.nodes_per_second << " | ";
    if (row.oversubscribed)
      out << "- | ";
    else
      out << std::setprecision(2) << s.nps_speedup << "x | ";
    if (s.ceiling > 0)
      out << std::setprecision(2) << s.ceiling << "x | " << std::setprecision(0)
          << 100 * s.time_speedup / s.ceiling << "% | ";
    else
      out << "- | - | ";
    if (s.idle_share >= 0)
      out << std::setprecision(1) << 100 * s.idle_share << "% |\n";
    else
      out << "- |\n";
  }
  out.flags(old_flags);
  out.precision(old_precision);
  out << "\nTimes and nodes are medians over the rounds; speed-ups and overheads are medians of "
         "each round's "
         "ratio to the same round's one-thread run. Per position: the geometric mean over the "
         "positions of each one's ratio (a few positions whose tree blows up rule the sums, not "
         "these). Ceiling: as many independent one-thread searches at once as the row has "
         "threads, their summed node rate over one thread's.\n";
  if (any_oversubscribed)
    out << "*: more threads than this machine runs at once (oversubscribed): the search overhead "
           "holds, "
           "times and node rates do not.\n";
}

namespace {
// `bench --scaling 1,2,4 [depth] [edition] [positions] [--rounds R]
// [name=value ...]`: the thread-scaling table (search/scaling.h) as Markdown.
int run_scaling_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                        search::BenchStop* stop) {
  const auto request = parse_scaling_request(args);
  if (!request) {
    err << "error: " << request.error() << "\n";
    return 2;
  }
  const std::vector<search::ScalingRow> rows = search::run_scaling(
      request->spec,
      [&err](const std::string& what) { err << "bench --scaling: " << what << "\n"; }, stop);
  if (rows.empty()) {
    err << "bench --scaling stopped\n";
    return 1;
  }
  print_scaling_table(*request, rows, out);
  return 0;
}
}  // namespace

kernel::Expected<BenchRequest> parse_bench_request(const std::vector<std::string>& args) {
  BenchRequest request;
  std::vector<std::string> positional;
  if (const auto error = split_arguments(args, positional, request.options))
    return kernel::Error{*error};
  if (positional.size() > 4)
    return kernel::Error{
        "usage: leiserchess bench [depth] [edition] [threads] [bench|deep|startpos|FEN file] "
        "[name=value ...]"};
  if (!positional.empty()) {
    const auto d = parse_depth(positional[0]);
    if (!d) return kernel::Error{d.error()};
    request.depth = *d;
  }
  if (positional.size() >= 2) {
    const auto e = parse_bench_edition(positional[1]);
    if (!e) return kernel::Error{e.error()};
    request.edition = *e;
  }
  if (positional.size() >= 3) {
    const auto t = base::parse_integer(positional[2], 1, 1024);
    if (!t)
      return kernel::Error{"bench threads expects an integer from 1 to 1024, got '" +
                           positional[2] + "'"};
    request.threads = static_cast<int>(*t);
  }
  if (positional.size() == 4) request.source = positional[3];
  if (const auto error = read_positions(request.source, request.edition, request.fens))
    return kernel::Error{*error};
  add_source_defaults(request.source, request.options);
  return request;
}

search::BenchTotals run_bench_request(const BenchRequest& request,
                                      const search::BenchPositionCallback& on_position,
                                      search::BenchStop* stop) {
  return search::run_bench(request.depth, request.edition, request.threads, request.fens,
                           request.options, on_position, stop);
}

std::string bench_stopped_line(const BenchRequest& request, const search::BenchTotals& totals) {
  return "bench stopped after " + std::to_string(totals.positions) + " of " +
         std::to_string(request.fens.size()) + " positions";
}

void print_bench_summary(const BenchRequest& request, const search::BenchTotals& totals,
                         std::ostream& out) {
  const std::size_t count = request.fens.size();
  out << "Edition " << kernel::edition_name(request.edition) << ", depth " << request.depth
      << ", threads " << request.threads << ", " << count
      << (count == 1 ? " position" : " positions") << " (" << request.source << ")\n";
  out << "Total time (ms) : " << static_cast<long long>(totals.seconds * 1000 + 0.5) << "\n";
  out << "Nodes searched  : " << totals.nodes << "\n";
  out << "Nodes/second    : "
      << static_cast<long long>(totals.seconds > 0 ? totals.nodes / totals.seconds : 0) << "\n";
  // What the MIT course engines print as nodes: one per move made in a
  // search loop. Compare their nodes per second with this line, not the one above.
  out << "Moves made      : " << totals.moves_made << "\n";
  out << "Moves made/sec  : "
      << static_cast<long long>(totals.seconds > 0 ? totals.moves_made / totals.seconds : 0)
      << "\n";
  if (request.threads > 1) print_parallel_counts(out, totals);
}

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                      search::BenchStop* stop) {
  if (!args.empty() && args[0] == "--scaling") return run_scaling_command(args, out, err, stop);
  const auto request = parse_bench_request(args);
  if (!request) {
    err << "error: " << request.error() << "\n";
    return 2;
  }
  const std::size_t count = request->fens.size();
  // One line per position on stderr (the totals on stdout are what scripts read).
  const search::BenchTotals totals = run_bench_request(
      *request,
      [&](std::size_t index, const search::SearchResult& r, double seconds) {
        err << "position " << index + 1 << "/" << count << ": bestmove "
            << kernel::move_to_string(r.best_move) << " score " << r.score << " depth " << r.depth
            << " nodes " << r.nodes << " moves_made " << r.moves_made << " time_ms "
            << static_cast<long long>(seconds * 1000 + 0.5) << "\n";
      },
      stop);
  if (totals.stopped) {
    err << bench_stopped_line(*request, totals) << "\n";
    return 1;
  }
  print_bench_summary(*request, totals, out);
  return 0;
}

}  // namespace leiser::commands
