#include "commands/perft_command.h"

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

namespace leiser::commands {
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

// The game a count starts from: `fen` (none: the edition's start position)
// with `moves` played.
kernel::Expected<kernel::Game> start_game(Edition edition, const std::optional<std::string>& fen,
                                          const std::vector<std::string>& moves) {
  auto game = fen ? kernel::Game::from_fen(*fen, edition)
                  : kernel::Expected<kernel::Game>(kernel::Game::start(edition));
  if (!game) return kernel::Error{game.error()};
  if (auto played = game.value().play_all(moves); !played) return kernel::Error{played.error()};
  return game;
}

// The table of `megabytes` for a count (none for 0), or why it cannot be had.
kernel::Expected<std::shared_ptr<kernel::PerftTable>> table_for(std::size_t megabytes) {
  if (megabytes == 0) return std::shared_ptr<kernel::PerftTable>();
  try {
    return shared_perft_table(megabytes);
  } catch (const std::bad_alloc&) {
    return kernel::Error{"cannot map a perft table of " + std::to_string(megabytes) + " MB"};
  }
}

// The request a count makes of the kernel, but for its depth.
kernel::PerftRequest request_for(kernel::PerftMode mode, int threads, bool batch_lasers,
                                 kernel::PerftTable* table) {
  kernel::PerftRequest request{1, mode, std::max(1, threads)};
  request.table = table;
  if (batch_lasers) request.batch_trace = simd::active().trace_lasers_fn;
  return request;
}

}  // namespace

kernel::Expected<core::PerftCounts> perft_counts(const core::PerftJob& job,
                                                 const core::PerftDepthFn& on_depth) {
  if (job.depth < 1 || job.depth > 20)
    return kernel::Error{"depth must be from 1 to 20, got " + std::to_string(job.depth)};
  const auto game =
      start_game(job.edition, job.fen.empty() ? std::nullopt : std::optional(job.fen), job.moves);
  if (!game) return kernel::Error{game.error()};
  // One table for every depth of the job (depth d reuses what d - 1 kept),
  // and for the process's later jobs and commands.
  const auto table = table_for(job.hash_megabytes);
  if (!table) return kernel::Error{table.error()};
  kernel::PerftRequest request =
      request_for(job.mode, job.threads, job.batch_lasers, table.value().get());
  const std::size_t table_bytes = *table ? table.value()->bytes() : 0;
  using Clock = std::chrono::steady_clock;
  core::PerftCounts counts;
  for (int depth = 1; depth <= job.depth; ++depth) {
    request.depth = depth;
    const auto start = Clock::now();
    counts.push_back(kernel::perft(game->position(), game->ko_board(), request));
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (on_depth) on_depth({depth, counts.back(), seconds, table_bytes});
  }
  return counts;
}

int run_perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  PerftArgs parsed;
  if (const auto problem = parse_args(args, parsed)) {
    err << "error: " << *problem << "\n" << kUsage << "\n";
    return 2;
  }
  // Checked here, not only by the count: `--fen ""` is a bad FEN, where a
  // job's empty FEN means the start position.
  const auto game = start_game(parsed.edition, parsed.fen, parsed.moves);
  if (!game) {
    err << "error: " << game.error() << "\n";
    return 2;
  }
  const kernel::Game& g = *game;
  // 2016 pseudo perft never calls the batch: its next-to-last ply counts the
  // children from the current beam and makes only the moves that touch it
  // (kernel/perft.cpp, perft2_2016_pseudo), so the flag changes nothing there
  // and the summary line must not claim that lasers were batched.
  // Nor is the batch called when the search ends before a next-to-last ply
  // (depth 1, or depth 2 with --divide, whose root moves are made one by one).
  const bool pseudo_2016 =
      g.edition() == Edition::k2016 && parsed.mode == kernel::PerftMode::kPseudo;
  const bool too_shallow = parsed.depth - (parsed.divide ? 1 : 0) < 2;

  double last_seconds = 0;
  std::uint64_t last_count = 0;
  std::size_t table_bytes = 0;
  if (!parsed.divide) {
    // Depths 1..N: the cores' typed perft, printing each depth as it comes.
    const core::PerftJob job{.edition = parsed.edition,
                             .fen = parsed.fen.value_or(""),
                             .moves = parsed.moves,
                             .depth = parsed.depth,
                             .mode = parsed.mode,
                             .threads = parsed.threads,
                             .hash_megabytes = parsed.hash_megabytes,
                             .batch_lasers = parsed.batch_lasers};
    const auto counted = perft_counts(job, [&](const core::PerftDepthReport& report) {
      out << "perft " << report.depth << " " << report.leaves << "\n" << std::flush;
      last_seconds = report.seconds;
      last_count = report.leaves;
      table_bytes = report.table_bytes;
    });
    if (!counted) {
      err << "error: " << counted.error() << "\n";
      return 2;
    }
  } else {
    // One table for the run, kept for later perft commands in this process.
    const auto table = table_for(parsed.hash_megabytes);
    if (!table) {
      err << "error: " << table.error() << "\n";
      return 2;
    }
    table_bytes = *table ? table.value()->bytes() : 0;
    kernel::PerftRequest request =
        request_for(parsed.mode, parsed.threads, parsed.batch_lasers, table.value().get());
    request.depth = parsed.depth;
    const auto start = std::chrono::steady_clock::now();
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
    std::uint64_t count = 0;
    for (const auto& [move, leaves] :
         kernel::perft_divide(g.position(), g.ko_board(), request, on_done))
      count += leaves;
    out << "\n";
    last_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    last_count = count;
    out << "perft " << parsed.depth << " " << count << "\n" << std::flush;
  }
  const double rate = last_seconds > 0 ? static_cast<double>(last_count) / last_seconds : 0.0;
  out << "time " << static_cast<long long>(last_seconds * 1000 + 0.5) << " ms (depth "
      << parsed.depth << "), " << static_cast<long long>(rate) << " leaves/s, edition "
      << kernel::edition_name(g.edition()) << ", "
      << (parsed.mode == kernel::PerftMode::kPseudo ? "pseudo" : "legal") << ", threads "
      << parsed.threads;
  if (table_bytes > 0) out << ", table " << table_bytes / (1024 * 1024) << " MB";
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

}  // namespace leiser::commands
