#include "commands/uci.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <iostream>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/parse_integer.h"
#include "commands/bench_command.h"
#include "commands/core_entry.h"
#include "commands/go_command.h"
#include "commands/line_reader.h"
#include "commands/version.h"
#include "core/cores.h"
#include "kernel/fen.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "kernel/quote.h"
#include "search/engine.h"
#include "search/evaluate.h"
#include "simd/dispatch.h"

namespace leiser::commands {
namespace {

using kernel::Game;
using kernel::quote;
using search::Engine;

constexpr const char* kHelp =
    "commands: uci | isready | setoption name <id> [value <x>] | ucinewgame |\n"
    "  position startpos|endgame|fen <FEN> [moves m1 m2 ...] | move <m> |\n"
    "  go [depth N] [nodes N] [time T] [inc I] [wtime T] [btime T] [winc I] [binc I]\n"
    "     [movetime T] [infinite] [mate N] [ponder] [searchmoves m1 m2 ...] | go perft N |\n"
    "  ponderhit | stop | perft [N] | bench [depth] [edition] [threads] [bench|deep|startpos|file] "
    "|\n"
    "  eval [<move>] | display | debug on|off | help | quit";

// Protocol perft runs in the background and can be stopped, so it may go as
// deep as `leiserchess perft`.
constexpr int kMaxPerftDepth = 20;
constexpr int kDefaultPerftDepth = 4;
// The longest error line printed: the input it quotes is already cut to
// kernel::kQuoteMaxChars; this bounds whatever else a message may carry.
constexpr std::size_t kMaxErrorLineChars = 400;

std::vector<std::string> split(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> tokens;
  std::string token;
  while (stream >> token) tokens.push_back(token);
  return tokens;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The options of the protocol itself, listed after the engine's. The SIMD
// implementation is a property of the process, not of an engine (a bench or
// C API engine does not offer it); its default is the one active now, and
// simd::select judges its values, "auto" included, and says why a listed one
// cannot run.
search::OptionRegistry protocol_options() {
  search::OptionRegistry registry;
  search::Option simd_option{
      "simd", search::OptionType::kCombo, std::string(simd::active().name), 0, 0, {}, {}};
  for (const simd::Implementation* impl : simd::supported())
    simd_option.choices.emplace_back(impl->name);
  simd_option.set = [](std::string_view value) -> search::OptionError {
    if (std::string problem = simd::select(value); !problem.empty()) return problem;
    return std::nullopt;
  };
  registry.add(std::move(simd_option));
  return registry;
}

// An error line's last defence: every message quotes user input through
// kernel::quote, but one that forgot must still not put control bytes or a
// megabyte on the line. Backslashes are left alone (quote's escapes stay
// readable); only what would break the line is escaped.
std::string one_safe_line(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (out.size() >= kMaxErrorLineChars) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f)
      kernel::append_escaped(out, c);
    else
      out.push_back(c);
  }
  return out;
}

// Commands run in the order they came, on one thread (the executor). Those
// that change or read the engine's state wait for a running search or perft
// to finish first; they wait in the queue, so the input thread keeps reading
// and `isready`, `stop` and `quit` are answered at once. A search's
// `bestmove` is printed by its own thread.
bool needs_idle_engine(const std::string& command) {
  return command == "setoption" || command == "ucinewgame" || command == "position" ||
         command == "move" || command == "go" || command == "perft" || command == "eval" ||
         command == "bench";
}

struct Command {
  std::uint64_t sequence = 0;  // the input line's number
  std::string name;            // the first token, lower case
  std::vector<std::string> tokens;
};

// `setoption name simd value <v>` names another core than this one (and one
// this CPU runs): its name, or "" (the option is then set as any other, and
// refused there if it must be).
std::string core_switch_requested(const std::vector<std::string>& tokens,
                                  const core::CoreHandover& handover) {
  if (handover.core_name_for == nullptr) return "";
  if (tokens.size() != 5 || lower(tokens[1]) != "name" || lower(tokens[2]) != "simd" ||
      lower(tokens[3]) != "value")
    return "";
  std::string ignored;
  const simd::Implementation* wanted = simd::choose(tokens[4], simd::cpu_features(), &ignored);
  if (wanted == nullptr) return "";
  return handover.core_name_for(wanted->name) == this_core_name() ? "" : std::string(wanted->name);
}

class Protocol {
 public:
  // With a handover, `setoption name simd` may end the session to let
  // another core go on (core/cores.h).
  Protocol(std::ostream& out, core::CoreHandover* handover)
      : out_(out), handover_(handover), executor_([this] { execute_commands(); }) {}
  ~Protocol();
  Protocol(const Protocol&) = delete;
  Protocol& operator=(const Protocol&) = delete;

  // Input thread, before the first line: the state the previous core
  // handed over, applied through the engine's option registry and game.
  void adopt(const core::SessionState& state);
  // Input thread: one line of input. Returns false on quit, and when the
  // line hands the session over to another core.
  bool receive(const InputLine& line);
  // Input thread: the input has ended (or `quit` came); returns when every
  // command read has run and every search has ended.
  void finish();
  bool output_failed() const { return output_failed_.load(); }
  // After finish(): the core `setoption name simd` asked for ("" if none),
  // and this session's state, for that core to adopt.
  const std::string& next_core() const { return next_core_; }
  core::SessionState state() const;

 private:
  enum class Job { kNone, kSearch, kPerft, kBench };

  // Prints one line. Never called with mutex_ held (a failed write takes it).
  void say(const std::string& text);
  // The output cannot be written: nothing more can be said, so the queue is
  // dropped and whatever runs is stopped.
  void abandon();
  // Writes one line under output_mutex_; true when this write is the first to fail.
  bool write_line(const std::string& text);
  // Called with mutex_ held: the executor is to end, and every running job stops.
  void quit_and_stop_jobs();
  void error(const std::string& text) { say("info string error: " + one_safe_line(text)); }

  // Executor thread.
  void execute_commands();
  void execute(const Command& c);
  // Stops the search or perft started from a line before `sequence`, now or
  // when it starts (input thread).
  void stop_through(std::uint64_t sequence);
  void job_done();
  // Prints the job's last line (a search's `bestmove`) and ends the job in
  // one step under mutex_, so that a command read after that line finds the
  // engine idle and an `isready` after it waits its turn in the queue.
  void finish_job_with(const std::string& last_line);
  // The `go ponder` search started from a line before `sequence` searches
  // on as a normal search, now or when it starts (input thread).
  void ponderhit_through(std::uint64_t sequence);

  void cmd_uci();
  void cmd_setoption(const std::vector<std::string>& t);
  void cmd_position(const std::vector<std::string>& t);
  void cmd_move(const std::vector<std::string>& t);
  void cmd_go(const Command& c);
  // `perft [N]` and `go perft N`: the depth's token from `first_argument` on.
  void cmd_perft(const Command& c, std::size_t first_argument);
  void cmd_bench(const Command& c);
  // `bench --scaling ...`, on the bench thread.
  void bench_scaling(const std::vector<std::string>& args);
  void cmd_eval(const std::vector<std::string>& t);
  void cmd_display();
  void cmd_debug(const std::vector<std::string>& t);
  std::string position_kept() const;
  // Records an engine option set (its declared name), for the next core.
  void remember_setting(std::string_view name, std::string_view value);

  std::ostream& out_;
  core::CoreHandover* const handover_;
  std::mutex output_mutex_;
  std::atomic<bool> output_failed_{false};
  Engine engine_;

  // Shared between the input thread, the executor and the job threads.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Command> queue_;
  std::size_t queued_isready_ = 0;  // how many of queue_ are `isready`
  bool quit_ = false;               // drop the queue: the output has failed, or the protocol ends
  bool input_ended_ = false;
  std::uint64_t next_sequence_ = 1;
  // Searches and perfts started from lines before this one are stopped.
  std::uint64_t stop_before_ = 0;
  Job job_ = Job::kNone;
  bool job_infinite_ = false;     // the search never ends by itself: infinite, or pondering
  bool job_ponder_ = false;       // the search ponders (until ponderhit)
  bool job_go_infinite_ = false;  // `go infinite`: still endless after a ponderhit
  // A `go ponder` read before this line searches as if it had its ponderhit.
  std::uint64_t ponderhit_before_ = 0;
  std::atomic<bool> perft_stop_{false};
  std::thread perft_thread_;
  // `bench` runs on a thread of its own, like perft, so that input is read
  // and `stop` and `quit` reach it.
  search::BenchStop bench_stop_;
  std::thread bench_thread_;

  // Executor thread: each engine option set, by its declared name, with
  // its last value, in the order first set; handed to the next core.
  std::vector<core::OptionSetting> settings_;
  std::string next_core_;  // input thread

  std::thread executor_;  // last: it starts running at construction
};

Protocol::~Protocol() {
  {
    std::lock_guard lock(mutex_);
    quit_and_stop_jobs();
  }
  changed_.notify_all();
  if (executor_.joinable()) executor_.join();
  engine_.wait();
  if (perft_thread_.joinable()) perft_thread_.join();
  if (bench_thread_.joinable()) bench_thread_.join();
}

void Protocol::quit_and_stop_jobs() {
  quit_ = true;
  engine_.stop();
  perft_stop_.store(true);
  bench_stop_.request();
}

bool Protocol::write_line(const std::string& text) {
  std::lock_guard lock(output_mutex_);
  out_ << text << '\n' << std::flush;
  return !out_ && !output_failed_.exchange(true);
}

void Protocol::say(const std::string& text) {
  if (write_line(text)) abandon();
}

void Protocol::abandon() {
  std::cerr << "error: cannot write to standard output; stopping\n";
  {
    std::lock_guard lock(mutex_);
    quit_and_stop_jobs();
  }
  changed_.notify_all();
}

bool Protocol::receive(const InputLine& line) {
  std::lock_guard lock(mutex_);
  const std::uint64_t sequence = next_sequence_++;
  if (line.too_long()) {
    queue_.push_back({sequence, "", {}});
    // Said by the executor, in order with the rest; the line is not run.
    queue_.back().tokens = {"line of " + std::to_string(line.full_size) +
                            " bytes is longer than the " + std::to_string(kMaxLineBytes) +
                            " a command may have; ignored"};
    changed_.notify_all();
    return true;
  }
  std::vector<std::string> tokens = split(line.text);
  if (tokens.empty()) return true;
  std::string name = lower(tokens[0]);
  if (name == "quit") {
    // Like `stop` then the end of input: what is running stops now, and
    // what is queued runs at once (each `go` before it still gets its
    // `bestmove`, each `isready` its `readyok`).
    stop_through(sequence);
    input_ended_ = true;
    changed_.notify_all();
    return false;
  }
  if (name == "stop") {
    stop_through(sequence);
    return true;
  }
  if (name == "ponderhit") {
    ponderhit_through(sequence);
    return true;
  }
  if (handover_ != nullptr && name == "setoption") {
    if (std::string next = core_switch_requested(tokens, *handover_); !next.empty()) {
      // Like `quit`: what runs stops, what is queued runs, then the next
      // core adopts the state and reads on.
      next_core_ = std::move(next);
      stop_through(sequence);
      input_ended_ = true;
      changed_.notify_all();
      return false;
    }
  }
  if (name == "isready") ++queued_isready_;
  queue_.push_back({sequence, std::move(name), std::move(tokens)});
  changed_.notify_all();
  return true;
}

void Protocol::stop_through(std::uint64_t sequence) {
  // Called with mutex_ held. The job starts under mutex_ too, so a stop
  // cannot slip between its check of stop_before_ and its start.
  stop_before_ = sequence;
  if (job_ == Job::kSearch) engine_.stop();
  if (job_ == Job::kPerft) perft_stop_.store(true);
  if (job_ == Job::kBench) bench_stop_.request();
}

void Protocol::ponderhit_through(std::uint64_t sequence) {
  // Called with mutex_ held, like stop_through. A ponderhit with no
  // pondering search is ignored, as Stockfish does: it may cross a `stop`.
  ponderhit_before_ = sequence;
  if (job_ == Job::kSearch && job_ponder_) {
    engine_.ponderhit();
    job_ponder_ = false;
    job_infinite_ = job_go_infinite_;
  }
}

void Protocol::finish() {
  {
    std::lock_guard lock(mutex_);
    input_ended_ = true;
  }
  changed_.notify_all();
  executor_.join();
  // The end of input is no reason to cut a search short, but an infinite
  // one would never end by itself.
  engine_.wait();
  if (perft_thread_.joinable()) perft_thread_.join();
  if (bench_thread_.joinable()) bench_thread_.join();
  executor_ = std::thread();
}

void Protocol::job_done() {
  {
    std::lock_guard lock(mutex_);
    job_ = Job::kNone;
    job_ponder_ = false;
  }
  changed_.notify_all();
}

void Protocol::finish_job_with(const std::string& last_line) {
  bool failed_now = false;
  {
    // Lock order: mutex_, then output_mutex_ (say() takes only the latter).
    std::lock_guard lock(mutex_);
    failed_now = write_line(last_line);
    job_ = Job::kNone;
    job_ponder_ = false;
  }
  changed_.notify_all();
  if (failed_now) abandon();
}

void Protocol::execute_commands() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [&] { return quit_ || !queue_.empty() || input_ended_; });
    if (quit_) return;
    // While a search or perft runs, `isready` is answered at once wherever
    // it waits in the queue (PROTOCOL.md): neither the job nor the commands
    // queued before it delay the answer.
    if (job_ != Job::kNone && queued_isready_ > 0) {
      const auto ready =
          std::erase_if(queue_, [](const Command& c) { return c.name == "isready"; });
      queued_isready_ = 0;
      lock.unlock();
      for (std::size_t i = 0; i < ready; ++i) say("readyok");
      lock.lock();
      continue;
    }
    if (queue_.empty()) {
      if (!input_ended_) continue;
      // End of input: nothing will ever stop an infinite search.
      if (job_ == Job::kSearch && job_infinite_) engine_.stop();
      return;
    }
    if (job_ != Job::kNone && needs_idle_engine(queue_.front().name)) {
      // An infinite search never ends by itself; the command ends it.
      if (job_ == Job::kSearch && job_infinite_) engine_.stop();
      changed_.wait(lock, [&] { return quit_ || job_ == Job::kNone || queued_isready_ > 0; });
      continue;
    }
    const Command command = std::move(queue_.front());
    queue_.pop_front();
    if (command.name == "isready") --queued_isready_;
    lock.unlock();
    execute(command);
    lock.lock();
  }
}

void Protocol::execute(const Command& c) {
  const std::string& name = c.name;
  if (name.empty()) {
    error(c.tokens.front());  // a line too long to run
  } else if (name == "isready") {
    say("readyok");
  } else if (name == "uci") {
    cmd_uci();
  } else if (name == "setoption") {
    cmd_setoption(c.tokens);
  } else if (name == "ucinewgame") {
    engine_.new_game();
  } else if (name == "position") {
    cmd_position(c.tokens);
  } else if (name == "move") {
    cmd_move(c.tokens);
  } else if (name == "go") {
    cmd_go(c);
  } else if (name == "perft") {
    cmd_perft(c, 1);
  } else if (name == "bench") {
    cmd_bench(c);
  } else if (name == "eval") {
    cmd_eval(c.tokens);
  } else if (name == "display" || name == "d") {
    cmd_display();
  } else if (name == "debug") {
    cmd_debug(c.tokens);
  } else if (name == "help") {
    say(kHelp);
  } else {
    error("unknown command " + quote(c.tokens[0]) + " (try 'help')");
  }
}

void Protocol::cmd_uci() {
  say("id name " + version_string());
  say("id author the leiserchess team");
  for (const search::Option& option : engine_.options()) say(search::listing_line(option));
  for (const search::Option& option : protocol_options()) say(search::listing_line(option));
  say("uciok");
}

void Protocol::cmd_setoption(const std::vector<std::string>& t) {
  // setoption name <id...> [value <x...>]
  if (t.size() < 3 || lower(t[1]) != "name") {
    error("usage: setoption name <id> [value <x>]");
    return;
  }
  std::string name;
  std::string value;
  std::size_t i = 2;
  for (; i < t.size() && lower(t[i]) != "value"; ++i) name += (name.empty() ? "" : " ") + t[i];
  for (++i; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
  const search::OptionRegistry own = protocol_options();
  const auto problem = own.find(name) ? own.set(name, value) : engine_.set_option(name, value);
  if (problem) {
    error(*problem);
    return;
  }
  if (!own.find(name)) remember_setting(engine_.options().find(name)->name, value);
  if (lower(name) == "threads") {
    if (const auto requested = base::parse_integer(value, 1, INT_MAX);
        requested && *requested > engine_.threads())
      say("info string threads " + std::to_string(*requested) +
          " is more than this machine runs at once; using " + std::to_string(engine_.threads()));
  }
}

void Protocol::remember_setting(std::string_view name, std::string_view value) {
  // By the declared name, so that an alias (`multi_pv`) and the name
  // (`MultiPV`) are one setting whose last value wins.
  const auto kept = std::find_if(settings_.begin(), settings_.end(),
                                 [&](const core::OptionSetting& s) { return s.name == name; });
  if (kept == settings_.end())
    settings_.push_back({std::string(name), std::string(value)});
  else
    kept->value = value;
}

std::string Protocol::position_kept() const {
  return "; the position is unchanged (" + kernel::to_fen(engine_.game().position()) + ")";
}

void Protocol::cmd_position(const std::vector<std::string>& t) {
  if (t.size() < 2) {
    error("usage: position startpos|endgame|fen <FEN> [moves m1 m2 ...]" + position_kept());
    return;
  }
  const kernel::Edition edition = engine_.edition();
  std::size_t i = 2;
  std::optional<Game> game;
  const std::string kind = lower(t[1]);
  if (kind == "startpos") {
    game = Game::start(edition);
  } else if (kind == "endgame") {
    game = Game::from_fen(kernel::kEndgameFen, edition).value();
  } else if (kind == "fen") {
    std::string fen;
    for (; i < t.size() && lower(t[i]) != "moves"; ++i) fen += (fen.empty() ? "" : " ") + t[i];
    auto parsed = Game::from_fen(fen, edition);
    if (!parsed) {
      error(parsed.error() + position_kept());
      return;
    }
    game = *parsed;
  } else {
    error("position expects startpos, endgame or fen, got " + quote(t[1]) + position_kept());
    return;
  }
  if (i < t.size()) {
    if (lower(t[i]) != "moves") {
      error("unexpected " + quote(t[i]) + " in position (expected 'moves')" + position_kept());
      return;
    }
    game->set_use_ko(engine_.game().use_ko());
    for (++i; i < t.size(); ++i) {
      if (auto played = game->play(t[i]); !played) {
        error(played.error() + position_kept());
        return;
      }
    }
  }
  engine_.set_game(*game);
}

void Protocol::cmd_move(const std::vector<std::string>& t) {
  if (t.size() != 2) {
    error("usage: move <m>");
    return;
  }
  Game game = engine_.game();
  if (auto played = game.play(t[1]); !played) {
    error(played.error());
    return;
  }
  engine_.set_game(game);
  if (game.is_over())
    say("info string game over " + std::string(kernel::result_score(game.result())) + " (" +
        std::string(kernel::result_reason(game.result())) + ")");
}

std::string info_line(const search::SearchReport& r) {
  if (r.currmove_number > 0)
    return "info depth " + std::to_string(r.depth) + " currmove " +
           kernel::move_to_string(r.currmove) + " currmovenumber " +
           std::to_string(r.currmove_number);
  std::string line =
      "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.seldepth);
  if (r.multipv > 0) line += " multipv " + std::to_string(r.multipv);
  line += " score " + search::score_text(r.score);
  if (r.bound == search::ScoreBound::kLower) line += " lowerbound";
  if (r.bound == search::ScoreBound::kUpper) line += " upperbound";
  line += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(r.nps) + " time " +
          std::to_string(r.time_ms) + " hashfull " + std::to_string(r.hashfull);
  if (!r.pv.empty()) {
    line += " pv";
    for (kernel::Move m : r.pv) {
      line.push_back(' ');
      line.append(kernel::move_to_string(m));
    }
  }
  return line;
}

void Protocol::cmd_go(const Command& c) {
  // Stockfish's `go perft N` is the perft command: the same lines, and no
  // `bestmove` (it is a count, not a search).
  if (c.tokens.size() >= 2 && lower(c.tokens[1]) == "perft") {
    if (c.tokens.size() < 3) {
      error("usage: go perft N (N from 1 to " + std::to_string(kMaxPerftDepth) + ")");
      return;
    }
    cmd_perft(c, 2);
    return;
  }
  const GoRequest request = parse_go(c.tokens, engine_.game());
  for (const std::string& problem : request.errors) error(problem);
  if (engine_.game().is_over()) {
    error("the game is over (" + std::string(kernel::result_reason(engine_.game().result())) + ")");
    say("bestmove (none)");
    return;
  }
  engine_.wait();  // the last search's thread has reported; let it end
  std::lock_guard lock(mutex_);
  search::SearchLimits limits = request.limits;
  // The ponderhit came while this `go ponder` waited in the queue.
  if (c.sequence < ponderhit_before_) limits.ponder = false;
  job_ = Job::kSearch;
  job_ponder_ = limits.ponder;
  job_go_infinite_ = limits.infinite;
  job_infinite_ = limits.infinite || limits.ponder;
  // The expected reply goes with the best move when the GUI ponders (the
  // `Ponder` option); course tools read `bestmove <m>` alone.
  const bool with_ponder = engine_.ponder_enabled();
  engine_.start(
      limits, [this](const search::SearchReport& r) { say(info_line(r)); },
      [this, with_ponder](const search::SearchResult& result) {
        // A parallel task's exception (out of memory) ended the search
        // early: said once, before the move found until then.
        if (!result.error.empty()) say("info string error: search ended early: " + result.error);
        std::string line = "bestmove " + (result.best_move == kernel::Move::none()
                                              ? std::string("(none)")
                                              : kernel::move_to_string(result.best_move));
        if (with_ponder && result.ponder != kernel::Move::none())
          line += " ponder " + kernel::move_to_string(result.ponder);
        finish_job_with(line);
      });
  // A `stop` read after this `go` but before it started.
  if (c.sequence < stop_before_) engine_.stop();
}

void Protocol::cmd_perft(const Command& c, std::size_t first_argument) {
  int depth = kDefaultPerftDepth;
  const std::vector<std::string>& t = c.tokens;
  if (t.size() > first_argument + 1) {
    error("unexpected " + quote(t[first_argument + 1]) + " after the perft depth; nothing counted");
    return;
  }
  if (t.size() == first_argument + 1) {
    const auto d = base::parse_integer(t[first_argument], 1, kMaxPerftDepth);
    if (!d) {
      error("perft expects a depth from 1 to " + std::to_string(kMaxPerftDepth) + ", got " +
            quote(t[first_argument]));
      return;
    }
    depth = static_cast<int>(*d);
  }
  if (perft_thread_.joinable()) perft_thread_.join();
  std::lock_guard lock(mutex_);
  job_ = Job::kPerft;
  job_infinite_ = false;
  perft_stop_.store(c.sequence < stop_before_);
  // The thread counts on its own copy of the game: the Ko board it passes
  // points into that game's history.
  perft_thread_ = std::thread([this, game = engine_.game(), depth, threads = engine_.threads()] {
    for (int d = 1; d <= depth; ++d) {
      const auto count =
          kernel::perft(game.position(), game.ko_board(),
                        {d, kernel::PerftMode::kLegal, threads, nullptr, &perft_stop_});
      if (perft_stop_.load()) {
        finish_job_with("info string perft stopped before depth " + std::to_string(d) +
                        " was counted");
        return;
      }
      const std::string line = "perft " + std::to_string(d) + " " + std::to_string(count);
      if (d == depth) {
        finish_job_with(line);
        return;
      }
      say(line);
    }
    job_done();
  });
}

void Protocol::cmd_bench(const Command& c) {
  // The command line's bench, arguments and all: its summary is the same
  // signature (`bench 5 2016` prints the node count the tests pin). It
  // searches with an engine of its own, so the game and options set here
  // are not touched; the TT it fills is its own too.
  if (bench_thread_.joinable()) bench_thread_.join();
  std::lock_guard lock(mutex_);
  job_ = Job::kBench;
  job_infinite_ = false;
  bench_stop_.reset();
  if (c.sequence < stop_before_) bench_stop_.request();
  bench_thread_ =
      std::thread([this, args = std::vector<std::string>(c.tokens.begin() + 1, c.tokens.end())] {
        if (!args.empty() && args[0] == "--scaling") {
          bench_scaling(args);
        } else if (const auto request = parse_bench_request(args); !request) {
          error(request.error());
        } else if (const auto totals = run_bench_request(*request, {}, &bench_stop_);
                   totals.stopped) {
          say("info string " + bench_stopped_line(*request, totals));
        } else {
          std::ostringstream summary;
          print_bench_summary(*request, totals, summary);
          std::istringstream lines(summary.str());
          for (std::string line; std::getline(lines, line);) say(line);
        }
        job_done();
      });
}

void Protocol::bench_scaling(const std::vector<std::string>& args) {
  const auto request = parse_scaling_request(args);
  if (!request) {
    error(request.error());
    return;
  }
  // Each search's start, as the command line prints it on stderr: a run of
  // many rounds is minutes long, and a silent engine looks hung.
  const std::vector<search::ScalingRow> rows = search::run_scaling(
      request->spec,
      [this](const std::string& what) { say("info string bench --scaling: " + what); },
      &bench_stop_);
  if (rows.empty()) {
    say("info string bench --scaling stopped");
    return;
  }
  // The table is Markdown for a report, printed as it is.
  std::ostringstream table;
  print_scaling_table(*request, rows, table);
  std::istringstream lines(table.str());
  for (std::string line; std::getline(lines, line);) say(line);
}

void Protocol::cmd_eval(const std::vector<std::string>& t) {
  Game game = engine_.game();
  bool negate = false;
  if (t.size() >= 2) {
    if (auto played = game.play(t[1]); !played) {
      error(played.error());
      return;
    }
    negate = true;
  }
  if (game.position().is_game_over()) {
    error("the game is over; no evaluation");
    return;
  }
  const auto terms = search::evaluate_terms(game.position(), engine_.eval_params());
  for (const auto& term : terms.terms)
    say("info string eval " + term.name + " white " + std::to_string(term.white) + " black " +
        std::to_string(term.black));
  say("info score cp " + std::to_string(negate ? -terms.score_cp : terms.score_cp));
}

void Protocol::cmd_debug(const std::vector<std::string>& t) {
  // UCI's `debug on|off` asks for extra `info string` lines; this engine has
  // none to give, so the command is accepted (GUIs send it unasked) and
  // changes nothing.
  if (t.size() != 2 || (lower(t[1]) != "on" && lower(t[1]) != "off")) error("usage: debug on|off");
}

void Protocol::cmd_display() {
  const kernel::Position& pos = engine_.game().position();
  std::ostringstream board;
  for (int rank = 7; rank >= 0; --rank) {
    board << rank << ' ';
    for (int file = 0; file < 8; ++file) {
      const auto piece = pos.board().piece_at(kernel::make_square(file, rank));
      std::string cell = "..";
      if (piece) {
        static constexpr const char* kKing[4] = {"NN", "EE", "SS", "WW"};
        static constexpr const char* kPawn[4] = {"NW", "NE", "SE", "SW"};
        cell = piece->type == kernel::PieceType::kKing ? kKing[piece->orientation]
                                                       : kPawn[piece->orientation];
        if (piece->color == kernel::Color::kLavender)
          for (char& c : cell) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      board << ' ' << cell;
    }
    board << '\n';
  }
  board << "   a  b  c  d  e  f  g  h\n";
  board << "edition " << kernel::edition_name(pos.edition()) << ", "
        << kernel::color_name(pos.side_to_move()) << " to move, fen " << kernel::to_fen(pos);
  say(board.str());
}

}  // namespace

core::SessionState Protocol::state() const {
  core::SessionState state;
  state.options = settings_;
  const Game& game = engine_.game();
  state.edition = game.edition();
  state.start_fen = kernel::to_fen(game.start_position());
  for (const kernel::Move move : game.moves()) state.moves.push_back(kernel::move_to_string(move));
  return state;
}

void Protocol::adopt(const core::SessionState& state) {
  // Each value was accepted by the previous core, which is the same code: a
  // refusal here cannot happen, and would leave the option at its default
  // as a refused `setoption` does.
  for (const core::OptionSetting& setting : state.options)
    if (!engine_.set_option(setting.name, setting.value))
      remember_setting(setting.name, setting.value);
  // The game after the options, as the previous core's was (`edition`
  // starts a new game): from its start position, every move replayed under
  // the session's Ko setting so that the history is the same.
  auto parsed = Game::from_fen(state.start_fen, state.edition);
  if (!parsed) return;
  Game game = *parsed;
  game.set_use_ko(engine_.game().use_ko());
  if (game.play_all(state.moves)) engine_.set_game(game);
}

int run_protocol(std::istream& in, std::ostream& out, core::CoreHandover* handover) {
  Protocol protocol(out, handover);
  if (handover != nullptr) {
    if (handover->state) protocol.adopt(*handover->state);
    handover->state.reset();
    handover->next_core.clear();
  }
  InputLine line;
  bool quit = false;
  while (!quit && !protocol.output_failed() && read_line(in, line)) quit = !protocol.receive(line);
  // With the output gone nothing more can be said: the destructor abandons
  // the queue and stops whatever runs.
  if (!protocol.output_failed()) protocol.finish();
  if (handover != nullptr && !protocol.output_failed() && !protocol.next_core().empty()) {
    handover->next_core = protocol.next_core();
    handover->state = protocol.state();
  }
  return protocol.output_failed() ? 1 : 0;
}

}  // namespace leiser::commands
