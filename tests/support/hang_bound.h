// Wall-clock bounds in the tests are hang detectors, never latency targets:
// a test waits at most hang_bound(...) for something that should come at
// once, so that a hung engine fails the test with a message instead of
// holding the suite until meson's timeout. The bounds are generous (tens of
// seconds, where the answer takes milliseconds), and grow in sanitizer builds
// and where LEISER_TEST_TIME_SCALE says the machine is slow, so that a loaded
// machine never fails a test. The latencies themselves are measured by
// scripts/latency_report.py (perf-reports/robustness.md, "Latency").
#pragma once

#include <chrono>
#include <cstdlib>

namespace leiser::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LEISER_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define LEISER_TEST_SANITIZED 1
#endif
#endif

// How many times longer than in a release build a bound is: 5 with a
// sanitizer (code runs a few times slower, and CI runs those suites with
// meson's --timeout-multiplier 3), times LEISER_TEST_TIME_SCALE (a positive
// integer, default 1).
inline int time_scale() {
#ifdef LEISER_TEST_SANITIZED
  int scale = 5;
#else
  int scale = 1;
#endif
  if (const char* text = std::getenv("LEISER_TEST_TIME_SCALE")) {
    const long factor = std::strtol(text, nullptr, 10);
    if (factor > 0 && factor <= 1000) scale *= static_cast<int>(factor);
  }
  return scale;
}

// The hang detector for something that should take far less than `base` on
// an idle machine without sanitizers.
inline std::chrono::milliseconds hang_bound(std::chrono::milliseconds base) {
  return base * time_scale();
}

}  // namespace leiser::test
