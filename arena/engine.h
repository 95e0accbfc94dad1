// One engine as the arena sees it: a child process that speaks PROTOCOL.md.
// This layer knows the protocol (handshake, options, position/go/bestmove)
// but not the rules or the clocks, which are the referee's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "arena/process.h"
#include "kernel/edition.h"

namespace leiser::arena {

// Fischer clock: a base time and an increment added after each move.
struct TimeControl {
  std::int64_t base_ms = 0;
  std::int64_t inc_ms = 0;
};

// What the user said about one engine on the command line.
struct EngineSpec {
  std::string name;
  std::vector<std::string> argv;
  std::string working_dir;
  std::vector<std::pair<std::string, std::string>> options;  // setoption, in the order given
  int depth = 0;                                             // 0: none
  std::uint64_t nodes = 0;                                   // 0: none
  std::optional<TimeControl> tc;  // none: the engine plays without a clock
};

// --debug: every line to and from every engine, serialised across workers.
class ProtocolLog {
 public:
  explicit ProtocolLog(std::ostream* out) : out_(out) {}
  bool enabled() const { return out_ != nullptr; }
  void line(const std::string& engine, char direction, const std::string& text);

 private:
  std::ostream* out_;
  std::mutex mutex_;
};

// An engine's answer to `go`.
struct Reply {
  // kAborted: the caller's abort flag was raised while waiting (the search
  // is still running; recover() stops it).
  enum class Status { kMove, kTimeout, kCrashed, kAborted };
  Status status = Status::kMove;
  std::string move;             // the text after `bestmove`
  std::optional<int> score_cp;  // the search's last score, side to move's view
  int depth = 0;                // the depth of the info line that gave it; 0: none
  std::chrono::milliseconds elapsed{0};
  std::string detail;  // kCrashed: how the process ended
};

// Mate scores become large centipawn values, so that "beyond S" comparisons
// (adjudication) treat them as the decisive scores they are.
inline constexpr int kMateScoreCp = 100000;

class EngineClient {
 public:
  EngineClient(EngineSpec spec, kernel::Edition edition, bool use_ko, ProtocolLog* log = nullptr);
  ~EngineClient();
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  const EngineSpec& spec() const { return spec_; }
  const std::string& name() const { return spec_.name; }
  bool alive() const { return process_.running(); }
  // How many times the process has been started (restarts are starts - 1).
  int starts() const { return starts_; }
  // Lines `info string error...` the engine printed while being set up:
  // usually a misspelt option, which would otherwise go unnoticed.
  const std::vector<std::string>& setup_warnings() const { return warnings_; }

  // (Re)starts the process and runs the handshake: uci/uciok, the edition,
  // Ko and the user's options, isready/readyok. The error says what failed.
  std::optional<std::string> start();
  // ucinewgame, then isready/readyok so that nothing of the last game is left
  // in the pipe.
  std::optional<std::string> new_game();
  // Sends `position_command` and `go_command` and waits for `bestmove`,
  // giving up early (kAborted) within about 50 ms of `*abort` turning true.
  Reply go(const std::string& position_command, const std::string& go_command,
           std::chrono::milliseconds timeout, const std::atomic<bool>* abort = nullptr);
  // After a timeout: `stop`, and a short wait for the late `bestmove`; an
  // engine that ignores `stop` is killed (and will be restarted).
  void recover();
  // `quit`, a short wait, then SIGKILL; always reaped.
  void quit();
  // How the process ended, after a crash.
  const std::string& exit_description() const { return process_.exit_description(); }

 private:
  bool send(const std::string& line);
  IoStatus receive(std::string& line, Clock::time_point deadline);
  // Reads until a line equal to `expected`; the error names what went wrong.
  std::optional<std::string> wait_for(const std::string& expected, const std::string& after,
                                      std::chrono::milliseconds timeout,
                                      std::vector<std::string>* errors = nullptr);
  std::string crash_detail();

  EngineSpec spec_;
  kernel::Edition edition_;
  bool use_ko_;
  ProtocolLog* log_;
  ChildProcess process_;
  int starts_ = 0;
  std::vector<std::string> warnings_;
};

// Parses a score from an `info` line ("score cp 35", "score mate -3");
// nullopt if the line has none.
std::optional<int> parse_info_score(const std::string& line);
// The `depth` of an `info` line; nullopt if it has none.
std::optional<int> parse_info_depth(const std::string& line);

}  // namespace leiser::arena
