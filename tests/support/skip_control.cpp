// Control for all_skipped_exit_77.cpp: a test program whose only test is
// skipped must exit with status 77 (tests/support/meson.build checks it).
#include <gtest/gtest.h>

TEST(SkipControl, IsSkipped) { GTEST_SKIP() << "this control always skips"; }
