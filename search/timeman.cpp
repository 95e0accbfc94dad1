#include "search/timeman.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "search/search_rules.h"

namespace leiser::search {

namespace {
// Without a moves-to-go count, plan as if this many moves remain.
constexpr int kMovesToGo = 30;

// A budget in milliseconds: at least 1 (0 means "none"), at most INT_MAX.
int to_budget(std::int64_t ms) {
  return static_cast<int>(std::clamp<std::int64_t>(ms, 1, std::numeric_limits<int>::max()));
}
}  // namespace

void TimeManager::start(const SearchLimits& limits, int style, int overhead_ms) {
  start_ = Clock::now();
  soft_ms_ = 0;
  hard_ms_ = 0;
  if (limits.infinite) return;
  // The arithmetic runs in 64 bits: clocks and increments come from the
  // protocol as any int, and `increment * 4` must not overflow.
  const std::int64_t overhead = std::max(0, overhead_ms);
  const std::int64_t increment = std::max(0, limits.increment_ms);
  if (limits.movetime_ms > 0) {
    hard_ms_ = to_budget(limits.movetime_ms - overhead);
    soft_ms_ = hard_ms_;
    return;
  }
  if (limits.time_ms < 0) return;
  const std::int64_t usable = std::max<std::int64_t>(1, limits.time_ms - overhead);
  if (style == kCourseTime) {
    // The reference engine's rule, on the clock less our overhead.
    std::int64_t goal = usable / 50 + increment * 4 / 5;
    if (goal * 10 > usable) goal = usable / 10;
    soft_ms_ = to_budget(goal / 2);
    hard_ms_ = to_budget(goal * 3);
    return;
  }
  const std::int64_t budget = usable / kMovesToGo + increment * 3 / 4;
  // Never plan to use more than a fifth of the clock on one move, nor stop
  // later than a third of it. An iteration costs a few times the previous
  // one, so none starts after 60% of the planned time.
  soft_ms_ = to_budget(std::min(budget, usable / 5) * 6 / 10);
  hard_ms_ = to_budget(std::min(budget * 3, usable / 3));
}

int TimeManager::elapsed_ms() const {
  return static_cast<int>(
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count());
}

}  // namespace leiser::search
