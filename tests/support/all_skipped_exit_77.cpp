// Linked into a test program whose tests may all be skipped for want of a
// CPU feature: if every test that ran was skipped (none passed, none
// failed), the program exits with status 77, which meson reports as SKIP
// rather than OK. A program some of whose tests ran exits as gtest decides.
//
// A static object appends the listener before gtest_main runs the tests.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace leiser::test {
namespace {

class AllSkippedExit77 : public ::testing::EmptyTestEventListener {
  void OnTestProgramEnd(const ::testing::UnitTest& unit) override {
    if (unit.skipped_test_count() > 0 && unit.successful_test_count() == 0 &&
        unit.failed_test_count() == 0) {
      // gtest's own summary would come after this listener (end events run
      // in reverse order), so the skipped tests are named here.
      for (int i = 0; i < unit.total_test_suite_count(); ++i) {
        const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
        for (int j = 0; j < suite.total_test_count(); ++j) {
          const ::testing::TestInfo& info = *suite.GetTestInfo(j);
          if (!info.should_run() || !info.result()->Skipped()) continue;
          const ::testing::TestResult& result = *info.result();
          std::printf("[  SKIPPED ] %s.%s: %s\n", suite.name(), info.name(),
                      result.total_part_count() > 0 ? result.GetTestPartResult(0).message() : "");
        }
      }
      std::printf("[  SKIPPED ] every test was skipped: exit status 77 (meson's SKIP)\n");
      std::fflush(stdout);
      std::exit(77);
    }
  }
};

const bool registered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new AllSkippedExit77);
  return true;
}();

}  // namespace
}  // namespace leiser::test
