#include "cli/arena.h"

#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <random>

#include "cli/arena_match.h"
#include "cli/arena_openings.h"
#include "cli/arena_options.h"

namespace leiser::cli {

namespace {

// Starts each engine once before any game, so that a mistyped command or a
// broken engine stops the run at once instead of forfeiting every game.
bool check_engines(const arena::MatchConfig& match, std::ostream& err) {
  arena::ProtocolLog log(match.protocol_log);
  for (const arena::EngineSpec& spec : match.engines) {
    arena::EngineClient engine(spec, match.edition, match.use_ko, &log);
    if (auto problem = engine.start()) {
      err << "error: engine '" << spec.name << "' failed to start: " << *problem << "\n";
      return false;
    }
    for (const std::string& warning : engine.setup_warnings())
      err << "warning: engine '" << spec.name << "' during setup: " << warning << "\n";
    engine.quit();
  }
  return true;
}

}  // namespace

int run_arena_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  // A write to an engine that has died must come back as EPIPE, to be
  // scored as a crash, rather than kill the arena.
  ::signal(SIGPIPE, SIG_IGN);

  auto options = arena::parse_arena_args(args);
  if (!options) {
    err << "error: " << options.error() << "\n";
    return 2;
  }
  if (options->help) {
    out << arena::kArenaHelp;
    return 0;
  }
  arena::MatchConfig& match = options.value().match;
  if (!options->openings_path.empty()) {
    auto book = arena::load_openings(options->openings_path, match.edition, match.use_ko);
    if (!book) {
      err << "error: openings: " << book.error() << "\n";
      return 1;
    }
    match.openings = std::move(*book);
  }
  if (options->debug) match.protocol_log = &err;
  if (!check_engines(match, err)) return 1;

  const int per_pair = arena::games_per_pair(match);
  const int pairs = static_cast<int>(match.engines.size() * (match.engines.size() - 1) / 2);
  const int games = per_pair * pairs;
  err << "arena: " << match.engines.size() << " engines, " << games << (games == 1 ? " game" : " games")
      << ", edition "
      << kernel::edition_name(match.edition) << ", concurrency " << match.concurrency << "\n";
  // Rewriting one line in place only makes sense on a terminal.
  const bool live = &err == &std::cerr && ::isatty(STDERR_FILENO);
  const arena::MatchResult result = arena::run_match(match, err, live);
  out << "\n";
  arena::print_summary(match, result, out);
  if (!match.pgn_path.empty()) out << "Game records: " << match.pgn_path << "\n";
  return result.error.empty() ? 0 : 1;
}

int run_openings_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err) {
  auto options = arena::parse_openings_args(args);
  if (!options) {
    err << "error: " << options.error() << "\n";
    return 2;
  }
  if (options->help) {
    out << arena::kOpeningsHelp;
    return 0;
  }
  if (!options->seed_given) {
    // A fresh book each time, but one that can be made again: say the seed.
    options.value().generator.seed = std::random_device{}() & 0xffffffffu;
    err << "openings: seed " << options->generator.seed << "\n";
  }
  auto openings = arena::generate_openings(options->generator);
  if (!openings) {
    err << "error: " << openings.error() << "\n";
    return 1;
  }
  for (const arena::Opening& opening : *openings) out << arena::format_opening(opening) << "\n";
  return 0;
}

}  // namespace leiser::cli
