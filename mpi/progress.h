// Rank 0's progress line on stderr (docs/mpi.md): tasks done of all, leaves
// counted so far at the full depth, leaves per second and the time left,
// at most once a second so that a long run's log stays short.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>

namespace leiser::mpi {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;

  // `total` tasks, of which `already_done` (from the checkpoint) with
  // `already_leaves` leaves at the full depth.
  Progress(std::int64_t total, std::int64_t already_done, std::uint64_t already_leaves);

  void task_done(std::uint64_t leaves);
  // Prints the line if a second has passed since the last one (or `force`).
  void report(std::ostream& err, bool force = false);

  // Seconds since the start, and the leaves counted in this run (not those
  // read from the checkpoint): what leaves/s is made of.
  double seconds() const;
  std::uint64_t leaves_this_run() const { return leaves_this_run_; }
  std::int64_t done_this_run() const { return done_ - already_done_; }

 private:
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_report_ = start_;
  std::int64_t total_;
  std::int64_t already_done_;
  std::int64_t done_;
  std::uint64_t leaves_;
  std::uint64_t leaves_this_run_ = 0;
};

}  // namespace leiser::mpi
