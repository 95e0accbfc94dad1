#include "arena/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace leiser::arena {

namespace {

// Milliseconds from now to `deadline`, clamped to what poll() takes.
int ms_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  if (left.count() <= 0) return 0;
  return left.count() > 1'000'000'000 ? 1'000'000'000 : static_cast<int>(left.count());
}

// execvp() may allocate while searching PATH, which is not allowed between
// fork() and exec() in a threaded program; so the search happens here, in
// the parent, and the child calls plain execv().
std::string resolve_executable(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t begin = 0;
  while (begin <= dirs.size()) {
    std::size_t end = dirs.find(':', begin);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(begin, end - begin);
    if (dir.empty()) dir.push_back('.');
    const std::string candidate = dir + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return "";
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// dup2() onto the same descriptor keeps its close-on-exec flag; clear it.
void move_fd(int from, int to) {
  if (from == to) {
    ::fcntl(to, F_SETFD, 0);
  } else {
    ::dup2(from, to);
  }
}

}  // namespace

ChildProcess::~ChildProcess() {
  if (running()) kill();
  close_pipes();
}

std::optional<std::string> ChildProcess::start(const ProcessSpec& spec) {
  if (running()) kill();
  close_pipes();
  buffer_.clear();
  eof_ = false;
  exit_description_.clear();
  if (spec.argv.empty() || spec.argv[0].empty()) return "empty command";
  const std::string path = resolve_executable(spec.argv[0]);
  if (path.empty()) return std::string("'") + spec.argv[0] + "': command not found in PATH";

  // Everything the child needs is built before fork(): after it the child may
  // only make async-signal-safe calls.
  std::vector<char*> argv;
  for (const std::string& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  // All descriptors are close-on-exec, so an engine started by one worker
  // thread never inherits the pipes of another worker's engine (which would
  // keep those pipes open after their own engine died).
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
    return std::string("pipe: ") + std::strerror(errno);
  }
  const int dev_null = spec.inherit_stderr ? -1 : ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  const char* dir = spec.working_dir.empty() ? nullptr : spec.working_dir.c_str();
  const pid_t parent = ::getpid();

  const pid_t pid = ::fork();
  if (pid == 0) {
    // Child. Its own process group, so a kill reaches whatever it starts
    // (a shell wrapper's engine, say) and not the arena.
    ::setpgid(0, 0);
    // Being in its own group, the engine does not get the terminal's Ctrl-C;
    // instead it is killed when the arena dies, however it dies. (Linux
    // sends this when the forking *thread* ends; a worker thread quits its
    // engines before it ends, so that is never early.) If the arena died
    // before this line, getppid() has already changed.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    // SIG_IGN survives exec; the engine must get the default SIGPIPE back,
    // and no signal mask of the arena's threads.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(SIGPIPE, &dfl, nullptr);
    sigset_t none;
    ::sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    move_fd(in_pipe[0], STDIN_FILENO);
    move_fd(out_pipe[1], STDOUT_FILENO);
    if (dev_null >= 0) move_fd(dev_null, STDERR_FILENO);
    int err = 0;
    if (dir && ::chdir(dir) != 0) {
      err = errno;
    } else {
      ::execv(path.c_str(), argv.data());
      err = errno;
    }
    [[maybe_unused]] auto n = ::write(err_pipe[1], &err, sizeof err);
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (dev_null >= 0) ::close(dev_null);
  if (pid < 0) {
    const int err = errno;
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    return std::string("fork: ") + std::strerror(err);
  }
  pid_ = pid;
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  // Also set the group from this side: whichever of parent and child runs
  // first, the group exists before we might signal it.
  ::setpgid(pid, pid);

  // exec() succeeded exactly when the error pipe closes with nothing in it.
  int child_errno = 0;
  ssize_t got;
  do {
    got = ::read(err_pipe[0], &child_errno, sizeof child_errno);
  } while (got < 0 && errno == EINTR);
  ::close(err_pipe[0]);
  if (got == static_cast<ssize_t>(sizeof child_errno)) {
    reap_blocking();
    close_pipes();
    return (dir && ::access(dir, F_OK) != 0 ? "cannot enter '" + spec.working_dir + "': "
                                            : "cannot run '" + spec.argv[0] + "': ") +
           std::strerror(child_errno);
  }
  // Non-blocking, so that neither a read nor a write can outlive a deadline.
  ::fcntl(to_child_, F_SETFL, ::fcntl(to_child_, F_GETFL) | O_NONBLOCK);
  ::fcntl(from_child_, F_SETFL, ::fcntl(from_child_, F_GETFL) | O_NONBLOCK);
  return std::nullopt;
}

IoStatus ChildProcess::write_line(std::string_view line, Clock::time_point deadline) {
  if (to_child_ < 0) return IoStatus::kClosed;
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      // The child is not reading and its input pipe is full.
      pollfd p{to_child_, POLLOUT, 0};
      const int timeout = ms_until(deadline);
      if (timeout == 0) return IoStatus::kTimeout;
      if (::poll(&p, 1, timeout) < 0 && errno != EINTR) return IoStatus::kClosed;
      continue;
    }
    return IoStatus::kClosed;  // EPIPE: the child is gone or closed stdin
  }
  return IoStatus::kOk;
}

IoStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  while (true) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return IoStatus::kOk;
    }
    if (eof_ || from_child_ < 0) return IoStatus::kClosed;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {
      eof_ = true;
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      eof_ = true;
      continue;
    }
    const int timeout = ms_until(deadline);
    if (timeout == 0) return IoStatus::kTimeout;
    pollfd p{from_child_, POLLIN, 0};
    if (::poll(&p, 1, timeout) < 0 && errno != EINTR) eof_ = true;
  }
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
  if (!running()) return;
  close_fd(to_child_);  // EOF on stdin: a second way of asking it to exit
  const auto deadline = Clock::now() + grace;
  while (Clock::now() < deadline) {
    if (try_reap()) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill();
}

void ChildProcess::kill() {
  if (!running()) return;
  // The group first (the child is its leader, and while it is unreaped its
  // id cannot be reused), then the child itself in case setpgid failed.
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  reap_blocking();
  close_pipes();
}

bool ChildProcess::try_reap() {
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  if (r == pid_) {
    record_exit(status);
  } else {
    exit_description_ = "vanished";
  }
  pid_ = -1;
  close_pipes();
  return true;
}

void ChildProcess::reap_blocking() {
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, 0);
  } while (r < 0 && errno == EINTR);
  if (r == pid_) {
    record_exit(status);
  } else {
    exit_description_ = "vanished";
  }
  pid_ = -1;
}

void ChildProcess::record_exit(int status) {
  if (WIFEXITED(status)) {
    exit_description_ = "exited with status " + std::to_string(WEXITSTATUS(status));
  } else if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* abbrev = ::sigabbrev_np(sig);
    exit_description_ = "killed by signal " + std::to_string(sig) +
                        (abbrev ? std::string(" (SIG") + abbrev + ")" : std::string());
  } else {
    exit_description_ = "ended with wait status " + std::to_string(status);
  }
}

void ChildProcess::close_pipes() {
  close_fd(to_child_);
  close_fd(from_child_);
}

}  // namespace leiser::arena
