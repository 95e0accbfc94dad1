#include "mpi/perft_args.h"

#include "base/parse_integer.h"

namespace leiser::mpi {

kernel::Expected<PerftArgs> parse_perft_args(const std::vector<std::string>& args) {
  using kernel::Error;
  if (args.empty()) return Error{"no command; the commands are 'perft' and 'gendata'"};
  if (args.front() != "perft")
    return Error{"unknown command '" + args.front() + "'; the commands are 'perft' and 'gendata'"};
  PerftArgs parsed;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    // A whole number in [min, max] after the option, or the error naming it.
    std::string raw;
    auto integer = [&](long long min, long long max) -> std::optional<long long> {
      const auto v = value();
      raw = v.value_or("");
      return v ? base::parse_integer(*v, min, max) : std::nullopt;
    };
    auto expects = [&](long long min, long long max) {
      return Error{arg + " expects an integer from " + std::to_string(min) + " to " +
                   std::to_string(max) + ", got '" + raw + "'"};
    };
    if (arg == "--edition") {
      const auto v = value();
      const auto e = v ? kernel::parse_edition(*v) : std::nullopt;
      if (!e) return Error{"--edition expects 2016 or 2018, got '" + v.value_or("") + "'"};
      parsed.edition = *e;
    } else if (arg == "--fen") {
      const auto v = value();
      if (!v) return Error{"--fen expects a FEN in quotes, e.g. --fen \"ss7/8/8/8/8/8/8/7NN W\""};
      parsed.fen = *v;
    } else if (arg == "--depth") {
      const auto d = integer(1, 20);
      if (!d) return expects(1, 20);
      parsed.depth = static_cast<int>(*d);
    } else if (arg == "--threads") {
      const auto t = integer(1, 1024);
      if (!t) return expects(1, 1024);
      parsed.threads = static_cast<int>(*t);
    } else if (arg == "--hash") {
      const auto mb = integer(0, 1 << 22);
      if (!mb) return expects(0, 1 << 22);
      parsed.hash_megabytes = static_cast<std::size_t>(*mb);
    } else if (arg == "--split-depth") {
      const auto d = integer(0, 19);
      if (!d) return expects(0, 19);
      parsed.split_depth = static_cast<int>(*d);
    } else if (arg == "--checkpoint") {
      const auto v = value();
      if (!v || v->empty()) return Error{"--checkpoint expects a file name"};
      parsed.checkpoint = *v;
    } else if (arg == "--stop-after-tasks") {
      const auto k = integer(1, 1'000'000'000);
      if (!k) return expects(1, 1'000'000'000);
      parsed.stop_after_tasks = *k;
    } else if (arg == "--die-after-tasks") {
      const auto k = integer(1, 1'000'000'000);
      if (!k) return expects(1, 1'000'000'000);
      parsed.die_after_tasks = *k;
    } else if (arg == "--pseudo") {
      parsed.mode = kernel::PerftMode::kPseudo;
    } else if (arg == "--legal") {
      parsed.mode = kernel::PerftMode::kLegal;
    } else {
      return Error{"unknown perft option '" + arg + "'"};
    }
  }
  if (parsed.depth == 0) return Error{"--depth is required"};
  if (parsed.split_depth && *parsed.split_depth >= parsed.depth)
    return Error{"--split-depth must be below --depth (" + std::to_string(parsed.depth) +
                 "), got " + std::to_string(*parsed.split_depth)};
  return parsed;
}

core::PerftJob perft_job(kernel::Edition edition, const std::string& fen, const std::string& move,
                         int depth, kernel::PerftMode mode, int threads,
                         std::size_t hash_megabytes) {
  core::PerftJob job{edition, fen, {}, depth, mode, threads, hash_megabytes, false};
  // The move, played by the core, makes the task node's parent the board Ko
  // looks at, as in the single-process tree.
  if (!move.empty()) job.moves.push_back(move);
  return job;
}

}  // namespace leiser::mpi
