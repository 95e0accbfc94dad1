// The kernel's beam tracer (trace_beam, which the x86-64-v3 and v4 cores
// compile as trace_beam_bmi) against the plain loop, trace_beam_plain, on
// random boards of every kind: game positions of both editions, synthetic
// boards with up to 40 Pawns, and mazes whose beams have many segments. In a
// baseline build both sides are the plain loop, so the test is trivially
// true there; a v3 build is the one that exercises the fast branch.
#include <gtest/gtest.h>

#include <vector>

#include "kernel/laser.h"
#include "kernel/random_boards.h"

namespace leiser::kernel {
namespace {

void expect_same_traces(const std::vector<random_boards::Sample>& samples) {
  for (const auto& s : samples) {
    const Square king = s.board.king_square(s.shooter);
    const int d = s.board.orientation_at(king);
    const LaserTrace want = trace_beam_plain(s.board, king, d, bit(king));
    const LaserTrace got = trace_laser(s.board, s.shooter);
    ASSERT_EQ(got.path, want.path);
    ASSERT_EQ(got.end, want.end);
    if (want.end != LaserEnd::kOffBoard) {
      ASSERT_EQ(got.target, want.target);
    }
    // The King fired in each of the four directions, and with no path yet.
    // (Only a King's square is a safe start: a beam started on an empty
    // square or a Pawn can circle between mirrors for ever.)
    for (int start_d = 0; start_d < 4; ++start_d) {
      const LaserTrace w = trace_beam_plain(s.board, king, start_d, 0);
      const LaserTrace g = trace_beam(s.board, king, start_d, 0);
      ASSERT_EQ(g.path, w.path);
      ASSERT_EQ(g.end, w.end);
      if (w.end != LaserEnd::kOffBoard) {
        ASSERT_EQ(g.target, w.target);
      }
    }
  }
}

TEST(Laser, FastTraceMatchesPlainOnGameBoards2016) {
  expect_same_traces(random_boards::game_samples(Edition::k2016, 20000, 1601));
}

TEST(Laser, FastTraceMatchesPlainOnGameBoards2018) {
  expect_same_traces(random_boards::game_samples(Edition::k2018, 20000, 1801));
}

TEST(Laser, FastTraceMatchesPlainOnSyntheticBoards) {
  expect_same_traces(random_boards::synthetic_samples(20000, 77));
}

TEST(Laser, FastTraceMatchesPlainOnMazes) {
  expect_same_traces(random_boards::maze_samples(20000, 99));
}

}  // namespace
}  // namespace leiser::kernel
