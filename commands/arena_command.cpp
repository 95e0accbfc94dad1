#include "commands/arena_command.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <iostream>
#include <random>

#include "arena/match.h"
#include "arena/openings.h"
#include "arena/options.h"
#include "arena/pgn.h"
#include "arena/prepare.h"

namespace leiser::commands {

namespace {

// Set by SIGINT/SIGTERM. A lock-free atomic store is async-signal-safe.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
  // A second Ctrl-C kills at once (the engines die with us: PR_SET_PDEATHSIG).
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
}

// Catches Ctrl-C and SIGTERM for the match's duration, and puts the previous
// handlers back afterwards (the arena also runs inside the test programs).
class InterruptGuard {
 public:
  InterruptGuard() {
    g_interrupted.store(false);
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &previous_int_);
    ::sigaction(SIGTERM, &action, &previous_term_);
  }
  ~InterruptGuard() {
    ::sigaction(SIGINT, &previous_int_, nullptr);
    ::sigaction(SIGTERM, &previous_term_, nullptr);
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
};

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
  std::vector<arena::ResumedGame> resumed;
  if (const int status = arena::prepare_match(options.value(), resumed, err); status != 0)
    return status;
  arena::MatchConfig& match = options.value().match;

  const int per_pair = arena::games_per_pair(match);
  const int pairs = static_cast<int>(match.engines.size() * (match.engines.size() - 1) / 2);
  const int games = per_pair * pairs;
  err << "arena: " << match.engines.size() << " engines, " << games
      << (games == 1 ? " game" : " games") << ", edition " << kernel::edition_name(match.edition)
      << ", concurrency " << match.concurrency << "\n";
  // Rewriting one line in place only makes sense on a terminal.
  const bool live = &err == &std::cerr && ::isatty(STDERR_FILENO);
  InterruptGuard interrupt_guard;
  match.interrupt = &g_interrupted;
  const arena::MatchResult result = arena::run_match(match, err, live, resumed);
  out << "\n";
  arena::print_summary(match, result, out);
  if (!match.pgn_path.empty()) out << "Game records: " << match.pgn_path << "\n";
  out << std::flush;
  if (result.interrupted) return 130;  // the shell's status for a Ctrl-C
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

}  // namespace leiser::commands
