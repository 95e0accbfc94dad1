#include "cli/perft_command.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <ostream>
#include <thread>

#include "base/parse_integer.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "kernel/perft_table.h"
#include "simd/dispatch.h"

namespace leiser::cli {
namespace {

using kernel::Edition;

constexpr const char* kUsage =
    "usage: leiserchess perft [--edition 2018|2016] [--fen FEN] [--moves M1 M2 ...] --depth N "
    "[--pseudo] [--divide] [--threads T] [--hash MB] [--batch-lasers]";

struct PerftArgs {
  Edition edition = kernel::kDefaultEdition;
  std::optional<std::string> fen;
  std::vector<std::string> moves;
  int depth = 0;
  kernel::PerftMode mode = kernel::PerftMode::kLegal;
  bool divide = false;
  int threads = 1;
  // Megabytes of table for subtree counts (kernel/perft_table.h); 0: none.
  std::size_t hash_megabytes = 0;
  bool batch_lasers = false;
};

// Parses the arguments; on error returns the message.
std::optional<std::string> parse_args(const std::vector<std::string>& args, PerftArgs& parsed) {
  auto is_flag = [](const std::string& a) { return a.rfind("--", 0) == 0; };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (arg == "--edition") {
      const auto v = value();
      const auto e = v ? kernel::parse_edition(*v) : std::nullopt;
      if (!e) return "--edition expects 2016 or 2018, got '" + v.value_or("") + "'";
      parsed.edition = *e;
    } else if (arg == "--fen") {
      const auto v = value();
      if (!v) return "--fen expects a FEN in quotes, e.g. --fen \"ss7/8/8/8/8/8/8/7NN W\"";
      parsed.fen = *v;
    } else if (arg == "--moves") {
      while (i + 1 < args.size() && !is_flag(args[i + 1])) parsed.moves.push_back(args[++i]);
    } else if (arg == "--depth") {
      const auto v = value();
      const auto d = v ? base::parse_integer(*v, 1, 20) : std::nullopt;
      if (!d) return "--depth expects an integer from 1 to 20, got '" + v.value_or("") + "'";
      parsed.depth = static_cast<int>(*d);
    } else if (arg == "--threads") {
      const auto v = value();
      const auto t = v ? base::parse_integer(*v, 1, 1024) : std::nullopt;
      if (!t) return "--threads expects an integer from 1 to 1024, got '" + v.value_or("") + "'";
      parsed.threads = static_cast<int>(*t);
    } else if (arg == "--hash") {
      const auto v = value();
      const auto mb = v ? base::parse_integer(*v, 0, 1 << 22) : std::nullopt;
      if (!mb)
        return "--hash expects megabytes, an integer from 0 (no table) to 4194304, got '" +
               v.value_or("") + "'";
      parsed.hash_megabytes = static_cast<std::size_t>(*mb);
    } else if (arg == "--pseudo") {
      parsed.mode = kernel::PerftMode::kPseudo;
    } else if (arg == "--legal") {
      parsed.mode = kernel::PerftMode::kLegal;
    } else if (arg == "--divide") {
      parsed.divide = true;
    } else if (arg == "--batch-lasers") {
      parsed.batch_lasers = true;
    } else {
      return "unknown perft option '" + arg + "'";
    }
  }
  if (parsed.depth == 0) return "--depth is required";
  return std::nullopt;
}

// The table of this process's last `perft --hash`, kept for the next one of
// the same size: leiserchess-mpi runs each of a rank's tasks as a perft
// command in one process, and the counts kept from earlier tasks serve the
// transpositions between tasks. Counts are keyed by edition and mode and
// hold for any history (kernel/perft.cpp), so every later count may use
// them. The table may serve two commands at once, as it serves threads.
std::shared_ptr<kernel::PerftTable> shared_perft_table(std::size_t megabytes) {
  static std::mutex mutex;
  static std::shared_ptr<kernel::PerftTable> kept;
  const std::lock_guard lock(mutex);
  if (!kept || kept->megabytes() != megabytes) {
    kept.reset();  // give the old one back first (unless a command still uses it)
    kept = std::make_shared<kernel::PerftTable>(megabytes);
  }
  return kept;
}

}  // namespace

kernel::Expected<core::PerftCounts> perft_counts(
    const core::PerftJob& job,
    const std::function<void(int depth, std::uint64_t leaves)>& on_depth) {
  if (job.depth < 1 || job.depth > 20)
    return kernel::Error{"depth must be from 1 to 20, got " + std::to_string(job.depth)};
  auto game = job.fen.empty() ? kernel::Expected<kernel::Game>(kernel::Game::start(job.edition))
                              : kernel::Game::from_fen(job.fen, job.edition);
  if (!game) return kernel::Error{game.error()};
  if (auto played = game.value().play_all(job.moves); !played) return kernel::Error{played.error()};
  kernel::PerftRequest request{1, job.mode, std::max(1, job.threads)};
  // One table for every depth of the job (depth d reuses what d - 1 kept),
  // and for the process's later jobs and commands.
  std::shared_ptr<kernel::PerftTable> table;
  if (job.hash_megabytes > 0) {
    try {
      table = shared_perft_table(job.hash_megabytes);
    } catch (const std::bad_alloc&) {
      return kernel::Error{"cannot map a perft table of " + std::to_string(job.hash_megabytes) +
                           " MB"};
    }
    request.table = table.get();
  }
  core::PerftCounts counts;
  for (int depth = 1; depth <= job.depth; ++depth) {
    request.depth = depth;
    counts.push_back(kernel::perft(game->position(), game->ko_board(), request));
    if (on_depth) on_depth(depth, counts.back());
  }
  return counts;
}

int run_perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  PerftArgs parsed;
  if (const auto problem = parse_args(args, parsed)) {
    err << "error: " << *problem << "\n" << kUsage << "\n";
    return 2;
  }
  auto game = parsed.fen ? kernel::Game::from_fen(*parsed.fen, parsed.edition)
                         : kernel::Expected<kernel::Game>(kernel::Game::start(parsed.edition));
  if (!game) {
    err << "error: " << game.error() << "\n";
    return 2;
  }
  if (auto played = game.value().play_all(parsed.moves); !played) {
    err << "error: " << played.error() << "\n";
    return 2;
  }
  const kernel::Game& g = *game;
  kernel::PerftRequest request{1, parsed.mode, parsed.threads};
  // One table for every depth of the run (depth d reuses what d - 1 kept),
  // and for later perft commands in this process.
  std::shared_ptr<kernel::PerftTable> table;
  if (parsed.hash_megabytes > 0) {
    try {
      table = shared_perft_table(parsed.hash_megabytes);
    } catch (const std::bad_alloc&) {
      err << "error: cannot map a perft table of " << parsed.hash_megabytes << " MB\n";
      return 2;
    }
    request.table = table.get();
  }
  // Off by default: batching the next-to-last ply's lasers through the SIMD
  // batch op measured slower than tracing each move as it is made
  // (perf-reports/search-experiments.md); the option exercises and times it.
  if (parsed.batch_lasers) request.batch_trace = simd::active().trace_lasers_fn;
  // 2016 pseudo perft never calls the batch: its next-to-last ply counts the
  // children from the current beam and makes only the moves that touch it
  // (kernel/perft.cpp, perft2_2016_pseudo), so the flag changes nothing there
  // and the summary line must not claim that lasers were batched.
  // Nor is the batch called when the search ends before a next-to-last ply
  // (depth 1, or depth 2 with --divide, whose root moves are made one by one).
  const bool pseudo_2016 =
      g.edition() == Edition::k2016 && parsed.mode == kernel::PerftMode::kPseudo;
  const bool too_shallow = parsed.depth - (parsed.divide ? 1 : 0) < 2;

  using Clock = std::chrono::steady_clock;
  double last_seconds = 0;
  std::uint64_t last_count = 0;
  const int first_depth = parsed.divide ? parsed.depth : 1;
  for (int depth = first_depth; depth <= parsed.depth; ++depth) {
    request.depth = depth;
    const auto start = Clock::now();
    std::uint64_t count = 0;
    if (parsed.divide) {
      // Each root move's line is printed as soon as it and every move
      // before it are counted, so a run of hours shows its progress, and a
      // run cut short leaves the counts of a prefix of the root moves (the
      // rest can be counted one by one with --moves).
      std::mutex printing;
      std::vector<std::optional<std::uint64_t>> done;
      std::vector<kernel::Move> moves;
      std::size_t printed = 0;
      const auto on_done = [&](std::size_t index, kernel::Move move, std::uint64_t leaves) {
        const std::lock_guard lock(printing);
        if (done.size() <= index) {
          done.resize(index + 1);
          moves.resize(index + 1);
        }
        done[index] = leaves;
        moves[index] = move;
        for (; printed < done.size() && done[printed]; ++printed)
          out << kernel::move_to_string(moves[printed]) << ": " << *done[printed] << "\n"
              << std::flush;
      };
      // Every root move reports once, so all lines are out when this returns.
      for (const auto& [move, leaves] :
           kernel::perft_divide(g.position(), g.ko_board(), request, on_done))
        count += leaves;
      out << "\n";
    } else {
      count = kernel::perft(g.position(), g.ko_board(), request);
    }
    last_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    last_count = count;
    out << "perft " << depth << " " << count << "\n" << std::flush;
  }
  const double rate = last_seconds > 0 ? static_cast<double>(last_count) / last_seconds : 0.0;
  out << "time " << static_cast<long long>(last_seconds * 1000 + 0.5) << " ms (depth "
      << parsed.depth << "), " << static_cast<long long>(rate) << " leaves/s, edition "
      << kernel::edition_name(g.edition()) << ", "
      << (parsed.mode == kernel::PerftMode::kPseudo ? "pseudo" : "legal") << ", threads "
      << parsed.threads;
  if (table) out << ", table " << table->bytes() / (1024 * 1024) << " MB";
  if (parsed.batch_lasers) {
    if (pseudo_2016)
      out << ", --batch-lasers has no effect (2016 pseudo perft traces no batch)";
    else if (too_shallow)
      out << ", --batch-lasers has no effect (no next-to-last ply at this depth)";
    else
      out << ", batched lasers (" << simd::active().name << ")";
  }
  out << "\n";
  return 0;
}

}  // namespace leiser::cli
