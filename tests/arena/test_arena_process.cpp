// The child-process layer: lines both ways, deadlines, end-of-file, exit
// descriptions, start failures, and no zombie left behind.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>

#include "arena/process.h"
#include "tests/support/hang_bound.h"

namespace leiser::arena {
namespace {

using std::chrono::milliseconds;

Clock::time_point in_ms(int ms) { return Clock::now() + milliseconds(ms); }

// True when `pid` is no longer our child: reaped, so no zombie.
bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD; }

TEST(ArenaProcess, LinesGoBothWaysAndTheChildIsReaped) {
  ChildProcess p;
  ASSERT_EQ(p.start({{"cat"}, "", false}), std::nullopt);
  const pid_t pid = p.pid();
  EXPECT_EQ(p.write_line("hello world", in_ms(1000)), IoStatus::kOk);
  std::string line;
  ASSERT_EQ(p.read_line(line, in_ms(5000)), IoStatus::kOk);
  EXPECT_EQ(line, "hello world");
  p.stop(milliseconds(2000));  // closes cat's input: it exits by itself
  EXPECT_FALSE(p.running());
  EXPECT_EQ(p.exit_description(), "exited with status 0");
  EXPECT_TRUE(reaped(pid));
}

TEST(ArenaProcess, CarriageReturnsAreStripped) {
  ChildProcess p;
  ASSERT_EQ(p.start({{"printf", "a\\r\\nb\\n"}, "", false}), std::nullopt);
  std::string line;
  ASSERT_EQ(p.read_line(line, in_ms(5000)), IoStatus::kOk);
  EXPECT_EQ(line, "a");
  ASSERT_EQ(p.read_line(line, in_ms(5000)), IoStatus::kOk);
  EXPECT_EQ(line, "b");
  EXPECT_EQ(p.read_line(line, in_ms(5000)), IoStatus::kClosed);
}

TEST(ArenaProcess, ReadsTimeOutAndHungChildrenAreKilled) {
  ChildProcess p;
  ASSERT_EQ(p.start({{"sleep", "600"}, "", false}), std::nullopt);
  const pid_t pid = p.pid();
  const auto before = Clock::now();
  std::string line;
  EXPECT_EQ(p.read_line(line, in_ms(100)), IoStatus::kTimeout);
  // A hang detector, far below the child's 600 s: a read that waited for the
  // child to write or exit would not come back before the bound.
  EXPECT_LT(Clock::now() - before, test::hang_bound(milliseconds(20000)));
  p.stop(milliseconds(100));  // sleep ignores its input: SIGKILL follows
  EXPECT_EQ(p.exit_description(), "killed by signal 9 (SIGKILL)");
  EXPECT_TRUE(reaped(pid));
}

TEST(ArenaProcess, TheDestructorReaps) {
  pid_t pid = 0;
  {
    ChildProcess p;
    ASSERT_EQ(p.start({{"sleep", "30"}, "", false}), std::nullopt);
    pid = p.pid();
  }
  EXPECT_TRUE(reaped(pid));
}

TEST(ArenaProcess, ExitStatusAndWritesToADeadChild) {
  ::signal(SIGPIPE, SIG_IGN);
  ChildProcess p;
  ASSERT_EQ(p.start({{"sh", "-c", "exit 7"}, "", false}), std::nullopt);
  std::string line;
  EXPECT_EQ(p.read_line(line, in_ms(5000)), IoStatus::kClosed);
  // End of its output does not mean its input is closed yet (the kernel may
  // release the exiting child's descriptors in any order), so wait, without
  // reaping, until it has fully exited.
  siginfo_t info{};
  ASSERT_EQ(::waitid(P_PID, static_cast<id_t>(p.pid()), &info, WEXITED | WNOWAIT), 0);
  // Its input pipe has no reader left: EPIPE, not a signal.
  EXPECT_EQ(p.write_line("x", in_ms(1000)), IoStatus::kClosed);
  p.stop(milliseconds(2000));
  EXPECT_EQ(p.exit_description(), "exited with status 7");
}

TEST(ArenaProcess, TheChildGetsTheDefaultSigpipeBack) {
  ::signal(SIGPIPE, SIG_IGN);
  ChildProcess p;
  ASSERT_EQ(p.start({{"sh", "-c", "grep SigIgn /proc/$$/status"}, "", false}), std::nullopt);
  std::string line;
  ASSERT_EQ(p.read_line(line, in_ms(5000)), IoStatus::kOk);
  const unsigned long long ignored = std::strtoull(line.c_str() + line.find('\t') + 1, nullptr, 16);
  EXPECT_EQ(ignored & (1ULL << (SIGPIPE - 1)), 0u) << line;
}

TEST(ArenaProcess, StartFailuresAreReported) {
  ChildProcess p;
  auto problem = p.start({{"no-such-engine-anywhere"}, "", false});
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("not found"), std::string::npos) << *problem;
  problem = p.start({{"/etc/passwd"}, "", false});  // not executable
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("cannot run"), std::string::npos) << *problem;
  problem = p.start({{"cat"}, "/no/such/dir", false});
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("cannot enter"), std::string::npos) << *problem;
  EXPECT_FALSE(p.running());
  EXPECT_TRUE(reaped(-1));  // nothing left over from the failed starts
}

}  // namespace
}  // namespace leiser::arena
