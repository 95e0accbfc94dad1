// A child process (an engine) on the far end of two pipes: the arena writes
// its standard input and reads its standard output line by line, never
// waiting past a deadline, and the process is always reaped.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace leiser::arena {

using Clock = std::chrono::steady_clock;

struct ProcessSpec {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH if it has no '/'
  std::string working_dir;        // empty: the arena's own
  bool inherit_stderr = false;    // false: the child's stderr goes to /dev/null
};

enum class IoStatus { kOk, kTimeout, kClosed };

class ChildProcess {
 public:
  ChildProcess() = default;
  // Kills (SIGKILL) and reaps a child still running: no zombie outlives us.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Starts the process. The error says why it could not be started (no such
  // file, not executable, ...): exec failures are reported back through a
  // close-on-exec pipe rather than seen later as a mysterious early exit.
  std::optional<std::string> start(const ProcessSpec& spec);

  // Started and not yet reaped.
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Writes one line (a '\n' is appended). kClosed: the child closed its
  // input or died (SIGPIPE is ignored by the arena, so this is EPIPE).
  IoStatus write_line(std::string_view line, Clock::time_point deadline);
  // Reads the next line (without its "\n" or "\r\n"). kClosed: the child
  // closed its output (exited or crashed) and no full line is left.
  IoStatus read_line(std::string& line, Clock::time_point deadline);

  // Waits up to `grace` for the child to exit by itself (the caller has
  // asked it to, e.g. with `quit`), then kills it; reaps it either way.
  void stop(std::chrono::milliseconds grace);
  // SIGKILL to the child's process group, then reap.
  void kill();

  // How the last child ended ("exited with status 3", "killed by signal 9"),
  // or "" while it runs or if none ran.
  const std::string& exit_description() const { return exit_description_; }

 private:
  bool try_reap();
  void reap_blocking();
  void record_exit(int status);
  void close_pipes();

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  bool eof_ = false;
  std::string exit_description_;
};

}  // namespace leiser::arena
