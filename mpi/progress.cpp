#include "mpi/progress.h"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

namespace leiser::mpi {
namespace {

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  char text[64];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%lldh%02lldm%02llds", s / 3600, s / 60 % 60, s % 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%llds", s);
  return text;
}

}  // namespace

Progress::Progress(std::int64_t total, std::int64_t already_done, std::uint64_t already_leaves)
    : total_(total), already_done_(already_done), done_(already_done), leaves_(already_leaves) {}

void Progress::task_done(std::uint64_t leaves) {
  ++done_;
  leaves_ += leaves;
  leaves_this_run_ += leaves;
}

double Progress::seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void Progress::report(std::ostream& err, bool force) {
  const auto now = Clock::now();
  if (!force && now - last_report_ < std::chrono::seconds(1)) return;
  last_report_ = now;
  const double elapsed = seconds();
  const double rate = elapsed > 0 ? static_cast<double>(leaves_this_run_) / elapsed : 0.0;
  // Time left from this run's pace in tasks: the tasks are of similar size
  // on average, and the leaves still to come are unknown.
  const std::int64_t done_here = done_ - already_done_;
  std::string eta = "?";
  if (done_here > 0)
    eta = duration_text(elapsed * static_cast<double>(total_ - done_) /
                        static_cast<double>(done_here));
  char rate_text[32];
  std::snprintf(rate_text, sizeof rate_text, "%.3g", rate);
  err << "progress: tasks " << done_ << "/" << total_ << ", leaves " << leaves_ << ", " << rate_text
      << " leaves/s, elapsed " << duration_text(elapsed) << ", ETA " << eta << "\n"
      << std::flush;
}

}  // namespace leiser::mpi
