// The time manager's budgets for given clocks, increments, movetimes and
// move overheads, worked out by hand from the rules in search/timeman.cpp
// and search_rules.h (kCourseTime, kStandardTime). Only the budgets are
// checked, never how long anything takes.
#include <gtest/gtest.h>

#include <limits>

#include "search/search_limits.h"
#include "search/search_rules.h"
#include "search/timeman.h"

namespace leiser::search {
namespace {

struct Budget {
  int soft;
  int hard;
};

Budget budget_for(const SearchLimits& limits, int style, int overhead_ms) {
  TimeManager time;
  time.start(limits, style, overhead_ms);
  return {time.soft_limit_ms(), time.hard_limit_ms()};
}

SearchLimits clock(int time_ms, int increment_ms) {
  SearchLimits limits;
  limits.time_ms = time_ms;
  limits.increment_ms = increment_ms;
  return limits;
}

SearchLimits movetime(int ms) {
  SearchLimits limits;
  limits.movetime_ms = ms;
  return limits;
}

TEST(TimeManager, NoClockAndNoMovetimeMeansNoBudget) {
  for (const int style : {kCourseTime, kStandardTime}) {
    SearchLimits depth_only;
    depth_only.depth = 7;
    const Budget b = budget_for(depth_only, style, 10);
    EXPECT_EQ(b.soft, 0);
    EXPECT_EQ(b.hard, 0);
    // An increment without a clock is no limit either.
    SearchLimits increment_only;
    increment_only.increment_ms = 2000;
    EXPECT_EQ(budget_for(increment_only, style, 10).hard, 0);
  }
  TimeManager time;
  time.start(SearchLimits{}, kStandardTime, 10);
  EXPECT_FALSE(time.hard_limit_reached());
  EXPECT_FALSE(time.soft_limit_reached());
}

TEST(TimeManager, InfiniteIgnoresEveryTimeLimit) {
  SearchLimits limits = clock(1000, 0);
  limits.movetime_ms = 50;
  limits.infinite = true;
  const Budget b = budget_for(limits, kStandardTime, 10);
  EXPECT_EQ(b.soft, 0);
  EXPECT_EQ(b.hard, 0);
}

TEST(TimeManager, MovetimeIsBothLimitsLessTheOverhead) {
  for (const int style : {kCourseTime, kStandardTime}) {
    Budget b = budget_for(movetime(1000), style, 10);
    EXPECT_EQ(b.soft, 990);
    EXPECT_EQ(b.hard, 990);
    b = budget_for(movetime(1000), style, 0);
    EXPECT_EQ(b.hard, 1000);
    // An overhead above the movetime still leaves one millisecond.
    b = budget_for(movetime(5), style, 10);
    EXPECT_EQ(b.soft, 1);
    EXPECT_EQ(b.hard, 1);
  }
}

TEST(TimeManager, MovetimeTakesPrecedenceOverTheClock) {
  SearchLimits limits = clock(60000, 1000);
  limits.movetime_ms = 500;
  const Budget b = budget_for(limits, kStandardTime, 10);
  EXPECT_EQ(b.soft, 490);
  EXPECT_EQ(b.hard, 490);
}

// The reference's rule: goal = usable / 50 + 4/5 of the increment, at most a
// tenth of usable; soft = goal / 2, hard = 3 * goal.
TEST(TimeManager, CourseStyleAimsAtTwoPercentOfTheClockPlusMostOfTheIncrement) {
  // usable 59990; goal 1199 + 800 = 1999 (under 5999).
  const Budget b = budget_for(clock(60000, 1000), kCourseTime, 10);
  EXPECT_EQ(b.soft, 999);
  EXPECT_EQ(b.hard, 5997);
}

TEST(TimeManager, CourseStyleNeverAimsAtMoreThanATenthOfTheClock) {
  // usable 1000; goal 20 + 800 = 820 > 100, so 100.
  const Budget b = budget_for(clock(1000, 1000), kCourseTime, 0);
  EXPECT_EQ(b.soft, 50);
  EXPECT_EQ(b.hard, 300);
}

TEST(TimeManager, CourseStyleWithAnEmptyClockStillGetsOneMillisecond) {
  // usable max(1, 5 - 10) = 1; goal 0.
  const Budget b = budget_for(clock(5, 0), kCourseTime, 10);
  EXPECT_EQ(b.soft, 1);
  EXPECT_EQ(b.hard, 1);
}

// Ours: budget = usable / 30 + 3/4 of the increment; soft = 60% of the
// budget capped at a fifth of usable; hard = 3 * budget capped at a third.
TEST(TimeManager, StandardStylePlansForThirtyMoreMoves) {
  // usable 59990; budget 1999; soft 1999 * 6 / 10 = 1199; hard 5997 (under 19996).
  const Budget b = budget_for(clock(60000, 0), kStandardTime, 10);
  EXPECT_EQ(b.soft, 1199);
  EXPECT_EQ(b.hard, 5997);
}

TEST(TimeManager, StandardStyleCapsALargeIncrementAtAFifthAndAThirdOfTheClock) {
  // usable 10000; budget 333 + 3750 = 4083; soft min(4083, 2000) * 6 / 10;
  // hard min(12249, 3333).
  const Budget b = budget_for(clock(10000, 5000), kStandardTime, 0);
  EXPECT_EQ(b.soft, 1200);
  EXPECT_EQ(b.hard, 3333);
}

TEST(TimeManager, MoveOverheadComesOffTheClockBeforeTheBudget) {
  // usable 29900; budget 996; soft 996 * 6 / 10 = 597; hard 2988.
  Budget b = budget_for(clock(30000, 0), kStandardTime, 100);
  EXPECT_EQ(b.soft, 597);
  EXPECT_EQ(b.hard, 2988);
  // Without overhead: usable 30000; budget 1000; soft 600; hard 3000.
  b = budget_for(clock(30000, 0), kStandardTime, 0);
  EXPECT_EQ(b.soft, 600);
  EXPECT_EQ(b.hard, 3000);
}

TEST(TimeManager, AClockAtZeroStillGetsOneMillisecond) {
  const Budget b = budget_for(clock(0, 0), kStandardTime, 10);
  EXPECT_EQ(b.soft, 1);
  EXPECT_EQ(b.hard, 1);
}

// Regression (fuzz_protocol under UBSan): `go wtime 1000 winc 2147483647`
// overflowed `increment * 4` in the course rule. The budgets are computed in
// 64 bits and stay within the clock.
TEST(TimeManager, TheLargestIncrementDoesNotOverflow) {
  constexpr int kMax = std::numeric_limits<int>::max();
  // Course: usable 1000; goal 20 + 1717986917 exceeds usable / 10, so 100.
  Budget b = budget_for(clock(1000, kMax), kCourseTime, 0);
  EXPECT_EQ(b.soft, 50);
  EXPECT_EQ(b.hard, 300);
  // Standard: budget 33 + 1610612735; soft min(budget, 200) * 6 / 10; hard 333.
  b = budget_for(clock(1000, kMax), kStandardTime, 0);
  EXPECT_EQ(b.soft, 120);
  EXPECT_EQ(b.hard, 333);
  // The largest clock too: hard = usable / 3 for the standard rule.
  b = budget_for(clock(kMax, kMax), kStandardTime, 0);
  EXPECT_EQ(b.hard, kMax / 3);
}

}  // namespace
}  // namespace leiser::search
