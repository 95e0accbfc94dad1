// The `leiserchess` executable on the far end of two pipes, for tests that
// talk to it as a GUI does: lines go in whenever the test likes, and every
// line that comes out is kept with the time it arrived, read by a thread of
// its own so that the engine never blocks on a full pipe.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace leiser::test {

using Clock = std::chrono::steady_clock;

struct TimedLine {
  Clock::time_point at;
  std::string text;
};

// The words of an output line, split at whitespace.
std::vector<std::string> words(const std::string& line);

class EnginePipe {
 public:
  // Starts `executable` with `args`; its stderr goes where `stderr_path`
  // says (empty: inherited).
  explicit EnginePipe(const std::string& executable, const std::vector<std::string>& args = {},
                      const std::string& stderr_path = "");
  // Kills the engine if it still runs.
  ~EnginePipe();
  EnginePipe(const EnginePipe&) = delete;
  EnginePipe& operator=(const EnginePipe&) = delete;

  // Writes `line` and a newline; returns the time the write completed.
  Clock::time_point send(const std::string& line);
  // Writes raw bytes as they are.
  void send_raw(const std::string& bytes);
  // Closes the engine's standard input (end of input).
  void close_input();

  // Waits for the first line from index `from` on whose text starts with
  // `prefix`; its index, or nullopt after `timeout`.
  std::optional<std::size_t> wait_for(const std::string& prefix, std::chrono::milliseconds timeout,
                                      std::size_t from = 0);
  // Waits until `count` lines starting with `prefix` have come; false after `timeout`.
  bool wait_for_count(const std::string& prefix, std::size_t count,
                      std::chrono::milliseconds timeout);
  // Every line so far.
  std::vector<TimedLine> lines();
  std::size_t line_count();
  // Waits for the engine to exit; its wait status, or nullopt after `timeout`
  // (the engine is then killed).
  std::optional<int> wait_exit(std::chrono::milliseconds timeout);
  // The engine's process id (for reading /proc about it).
  pid_t pid() const { return pid_; }

 private:
  void read_output();

  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::vector<TimedLine> lines_;
  bool closed_ = false;  // the engine closed its output
  std::thread reader_;
};

}  // namespace leiser::test
