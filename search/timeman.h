// Time management: how long a search may run under the given limits.
#pragma once

#include <chrono>

#include "search/search_limits.h"

namespace leiser::search {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // `style`: kCourseTime or kStandardTime (search_rules.h); `overhead_ms`
  // is kept back from the clock and from a movetime for what the reply
  // loses on its way to the match runner.
  void start(const SearchLimits& limits, int style, int overhead_ms);
  int elapsed_ms() const;
  // Past the hard limit the search stops at once.
  bool hard_limit_reached() const { return hard_ms_ > 0 && elapsed_ms() >= hard_ms_; }
  // Past the soft limit no new iteration starts.
  bool soft_limit_reached() const { return soft_ms_ > 0 && elapsed_ms() >= soft_ms_; }
  // The budgets start() computed, in milliseconds from the start (0: none).
  int soft_limit_ms() const { return soft_ms_; }
  int hard_limit_ms() const { return hard_ms_; }

 private:
  Clock::time_point start_;
  int soft_ms_ = 0;  // 0: none
  int hard_ms_ = 0;
};

}  // namespace leiser::search
