#include "tests/support/engine_pipe.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace leiser::test {

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

EnginePipe::EnginePipe(const std::string& executable, const std::vector<std::string>& args,
                       const std::string& stderr_path) {
  // The test writes to an engine that may have exited: EPIPE, not death.
  ::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2];
  int out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error("pipe failed");
  std::vector<std::string> argv_text = {executable};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    if (!stderr_path.empty()) {
      const int err = ::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (err >= 0) ::dup2(err, 2);
    }
    ::execv(executable.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  to_engine_ = in_pipe[1];
  from_engine_ = out_pipe[0];
  reader_ = std::thread([this] { read_output(); });
}

EnginePipe::~EnginePipe() {
  close_input();
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  if (reader_.joinable()) reader_.join();
  if (from_engine_ >= 0) ::close(from_engine_);
}

void EnginePipe::send_raw(const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size() && to_engine_ >= 0) {
    const ssize_t n = ::write(to_engine_, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the engine is gone; the test's expectations will say so
    done += static_cast<std::size_t>(n);
  }
}

Clock::time_point EnginePipe::send(const std::string& line) {
  send_raw(line + "\n");
  return Clock::now();
}

void EnginePipe::close_input() {
  if (to_engine_ >= 0) {
    ::close(to_engine_);
    to_engine_ = -1;
  }
}

void EnginePipe::read_output() {
  std::string pending;
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(from_engine_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    const auto now = Clock::now();
    pending.append(buffer, static_cast<std::size_t>(n));
    std::lock_guard lock(mutex_);
    for (std::size_t end; (end = pending.find('\n')) != std::string::npos;) {
      lines_.push_back({now, pending.substr(0, end)});
      pending.erase(0, end + 1);
    }
    arrived_.notify_all();
  }
  std::lock_guard lock(mutex_);
  if (!pending.empty()) lines_.push_back({Clock::now(), pending});
  closed_ = true;
  arrived_.notify_all();
}

std::optional<std::size_t> EnginePipe::wait_for(const std::string& prefix,
                                                std::chrono::milliseconds timeout,
                                                std::size_t from) {
  std::unique_lock lock(mutex_);
  const auto deadline = Clock::now() + timeout;
  std::size_t i = from;
  while (true) {
    for (; i < lines_.size(); ++i)
      if (lines_[i].text.rfind(prefix, 0) == 0) return i;
    if (closed_ || arrived_.wait_until(lock, deadline) == std::cv_status::timeout) {
      for (; i < lines_.size(); ++i)
        if (lines_[i].text.rfind(prefix, 0) == 0) return i;
      return std::nullopt;
    }
  }
}

bool EnginePipe::wait_for_count(const std::string& prefix, std::size_t count,
                                std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  const auto enough = [&] {
    std::size_t n = 0;
    for (const TimedLine& l : lines_) n += l.text.rfind(prefix, 0) == 0;
    return n >= count;
  };
  return arrived_.wait_for(lock, timeout, [&] { return enough() || closed_; }) && enough();
}

std::vector<TimedLine> EnginePipe::lines() {
  std::lock_guard lock(mutex_);
  return lines_;
}

std::size_t EnginePipe::line_count() {
  std::lock_guard lock(mutex_);
  return lines_.size();
}

std::optional<int> EnginePipe::wait_exit(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return std::nullopt;
  const auto deadline = Clock::now() + timeout;
  while (true) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      pid_ = -1;
      if (reader_.joinable()) reader_.join();
      return status;
    }
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace leiser::test
