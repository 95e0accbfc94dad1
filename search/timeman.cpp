#include "search/timeman.h"

#include <algorithm>

#include "search/search_rules.h"

namespace leiser::search {

namespace {
// Without a moves-to-go count, plan as if this many moves remain.
constexpr int kMovesToGo = 30;
}  // namespace

void TimeManager::start(const SearchLimits& limits, int style, int overhead_ms) {
  start_ = Clock::now();
  soft_ms_ = 0;
  hard_ms_ = 0;
  if (limits.infinite) return;
  if (limits.movetime_ms > 0) {
    hard_ms_ = std::max(1, limits.movetime_ms - overhead_ms);
    soft_ms_ = hard_ms_;
    return;
  }
  if (limits.time_ms >= 0 && style == kCourseTime) {
    // The reference engine's rule, on the clock less our overhead.
    const int usable = std::max(1, limits.time_ms - overhead_ms);
    int goal = usable / 50 + limits.increment_ms * 4 / 5;
    if (goal * 10 > usable) goal = usable / 10;
    soft_ms_ = std::max(1, goal / 2);
    hard_ms_ = std::max(1, goal * 3);
    return;
  }
  if (limits.time_ms >= 0) {
    const int usable = std::max(1, limits.time_ms - overhead_ms);
    const int budget = usable / kMovesToGo + limits.increment_ms * 3 / 4;
    // Never plan to use more than a fifth of the clock on one move, nor stop
    // later than a third of it. An iteration costs a few times the previous
    // one, so none starts after 60% of the planned time.
    soft_ms_ = std::max(1, std::min(budget, usable / 5) * 6 / 10);
    hard_ms_ = std::max(1, std::min(budget * 3, usable / 3));
  }
}

int TimeManager::elapsed_ms() const {
  return static_cast<int>(
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count());
}

}  // namespace leiser::search
