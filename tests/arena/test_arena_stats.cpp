// Elo, error bars, LOS and SPRT arithmetic against values computed
// independently (by hand and with Python's math module from the textbook
// formulas quoted in arena/stats.h).
#include <gtest/gtest.h>

#include <cmath>

#include "arena/stats.h"

namespace leiser::arena {
namespace {

TEST(ArenaStats, ScoreAndEloFromTheLogisticCurve) {
  // 60 W 20 D 20 L scores 70%: -400 log10(1/0.7 - 1) = +147.19.
  const Wdl a{60, 20, 20};
  EXPECT_DOUBLE_EQ(a.score(), 0.7);
  EXPECT_NEAR(elo_from_score(0.7), 147.1907141178, 1e-6);
  // A 65% score is the well-known +107.5 Elo.
  EXPECT_NEAR(elo_from_score(0.65), 107.5381249170, 1e-6);
  EXPECT_NEAR(score_from_elo(107.5381249170), 0.65, 1e-12);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

// estimate_elo adds a prior of one win and one loss and takes a Wilson
// interval (arena/stats.h). The expected values were computed with
// Python's math module by solving the interval's quadratic
// (s - p)^2 = z^2 k p (1 - p) / n for p directly, not with the closed form
// the code uses.
TEST(ArenaStats, EloWithThePriorAndTheWilsonInterval) {
  struct Case {
    Wdl wdl;
    double elo, lower, upper;
  };
  const Case cases[] = {
      {{60, 20, 20}, 143.9586619539, 80.0735424222, 207.8437814857},
      {{55, 20, 25}, 105.2965739098, 43.1115830358, 167.4815647838},
      {{10, 20, 10}, 0.0, -75.4529115371, 75.4529115371},
      {{20, 50, 30}, -34.1720781299, -82.1680541106, 13.8238978509},
      {{30, 50, 20}, 34.1720781299, -13.8238978509, 82.1680541106},
      {{40, 0, 20}, 116.2258247943, 25.8809873976, 206.5706621910},
  };
  for (const Case& c : cases) {
    const EloEstimate e = estimate_elo(c.wdl);
    EXPECT_NEAR(e.elo, c.elo, 1e-6) << c.wdl.wins << " " << c.wdl.draws << " " << c.wdl.losses;
    EXPECT_NEAR(e.lower, c.lower, 1e-6) << c.wdl.wins << " " << c.wdl.draws << " " << c.wdl.losses;
    EXPECT_NEAR(e.upper, c.upper, 1e-6) << c.wdl.wins << " " << c.wdl.draws << " " << c.wdl.losses;
    EXPECT_NEAR(e.margin, (c.upper - c.lower) / 2, 1e-6);
  }
}

TEST(ArenaStats, TheIntervalIsAsymmetric) {
  const EloEstimate e = estimate_elo({60, 20, 20});
  EXPECT_GT(e.upper - e.elo, e.elo - e.lower);
  // 37 W 1 D 2 L: the plain score interval would pass 1 (an infinite upper
  // end); Wilson's stays inside.
  const EloEstimate lopsided = estimate_elo({37, 1, 2});
  EXPECT_NEAR(lopsided.elo, 416.5570740633, 1e-6);
  EXPECT_NEAR(lopsided.lower, 241.5245045990, 1e-6);
  EXPECT_NEAR(lopsided.upper, 591.5896435275, 1e-6);
}

TEST(ArenaStats, TheIntervalIsFiniteFromTheFirstGame) {
  struct Case {
    Wdl wdl;
    double elo, margin;
  };
  const Case cases[] = {
      {{0, 0, 0}, 0.0, 392.5193160976},
      {{1, 0, 0}, 120.4119982656, 353.0359123193},
      {{0, 0, 1}, -120.4119982656, 353.0359123193},
      {{0, 1, 0}, 0.0, 287.1738525629},
      {{5, 0, 0}, 311.2605001535, 320.3847472693},
  };
  for (const Case& c : cases) {
    const EloEstimate e = estimate_elo(c.wdl);
    EXPECT_TRUE(std::isfinite(e.elo) && std::isfinite(e.lower) && std::isfinite(e.upper));
    EXPECT_NEAR(e.elo, c.elo, 1e-6) << c.wdl.wins << " " << c.wdl.draws << " " << c.wdl.losses;
    EXPECT_NEAR(e.margin, c.margin, 1e-6)
        << c.wdl.wins << " " << c.wdl.draws << " " << c.wdl.losses;
  }
  // 1-0: positive, and the interval still holds 0 (one game proves little).
  const EloEstimate one_win = estimate_elo({1, 0, 0});
  EXPECT_LT(one_win.lower, 0);
  EXPECT_GT(one_win.upper, 0);
  // Every win narrows the interval and raises both ends; nothing is ever
  // infinite, even after a thousand straight wins.
  EloEstimate previous = estimate_elo({1, 0, 0});
  for (int wins = 2; wins <= 1000; ++wins) {
    const EloEstimate e = estimate_elo({wins, 0, 0});
    ASSERT_TRUE(std::isfinite(e.upper)) << wins;
    EXPECT_GT(e.elo, previous.elo) << wins;
    EXPECT_GT(e.lower, previous.lower) << wins;
    previous = e;
  }
  EXPECT_EQ(format_elo(estimate_elo({0, 0, 0}).elo), "+0.0");
}

TEST(ArenaStats, ForManyGamesTheIntervalIsTheUsualOne) {
  // 600 000 W 200 000 D 200 000 L: the prior and Wilson's correction vanish;
  // the plain interval is elo(0.7 +- 1.96 sd), sd = sqrt(v / 1e6) with the
  // per-game variance v = 0.6 * 0.3^2 + 0.2 * 0.2^2 + 0.2 * 0.7^2 = 0.16.
  const EloEstimate e = estimate_elo({600000, 200000, 200000});
  const double sd = std::sqrt(0.16 / 1e6);
  EXPECT_NEAR(e.elo, elo_from_score(0.7), 0.01);
  EXPECT_NEAR(e.lower, elo_from_score(0.7 - 1.959963984540054 * sd), 0.01);
  EXPECT_NEAR(e.upper, elo_from_score(0.7 + 1.959963984540054 * sd), 0.01);
}

TEST(ArenaStats, FormatElo) {
  EXPECT_EQ(format_elo(elo_from_score(1.0)), "+inf");
  EXPECT_EQ(format_elo(elo_from_score(0.0)), "-inf");
  EXPECT_EQ(format_elo(0.0), "+0.0");
  EXPECT_EQ(format_elo(-0.0), "+0.0");
  EXPECT_EQ(format_elo(107.5381), "+107.5");
}

TEST(ArenaStats, LikelihoodOfSuperiority) {
  EXPECT_DOUBLE_EQ(likelihood_of_superiority({30, 40, 30}), 0.5);
  EXPECT_DOUBLE_EQ(likelihood_of_superiority({0, 10, 0}), 0.5);
  EXPECT_DOUBLE_EQ(likelihood_of_superiority({0, 0, 0}), 0.5);
  EXPECT_NEAR(likelihood_of_superiority({60, 20, 20}), 0.9999961279, 1e-9);
  EXPECT_NEAR(likelihood_of_superiority({30, 50, 20}), 0.9213503965, 1e-9);
  // 2-0: 0.5 (1 + erf(1)).
  EXPECT_NEAR(likelihood_of_superiority({2, 0, 0}), 0.9213503965, 1e-9);
  EXPECT_NEAR(likelihood_of_superiority({20, 50, 30}), 1 - 0.9213503965, 1e-9);
}

TEST(ArenaStats, SprtLogLikelihoodRatio) {
  EXPECT_NEAR(sprt_llr({60, 20, 20}, 0, 5), 0.8832073384, 1e-9);
  EXPECT_NEAR(sprt_llr({30, 50, 20}, 0, 5), 0.2725465184, 1e-9);
  EXPECT_NEAR(sprt_llr({100, 150, 110}, 0, 5), -0.3109978736, 1e-9);
  EXPECT_NEAR(sprt_llr({9, 0, 10}, 0, 200), -3.0918602675, 1e-9);
  // No games, or no spread to measure: no evidence either way.
  EXPECT_EQ(sprt_llr({0, 0, 0}, 0, 5), 0.0);
  EXPECT_EQ(sprt_llr({0, 7, 0}, 0, 5), 0.0);
}

// Pairs of games: values from the textbook formulas in arena/stats.h,
// computed with Python's math module. counts = [LL, LD, WL+DD, WD, WW].
TEST(ArenaStats, PentanomialScoreEloAndLlr) {
  const Pentanomial p({5, 20, 50, 18, 7});  // 100 pairs
  EXPECT_EQ(p.pairs(), 100);
  // (20 * 0.25 + 50 * 0.5 + 18 * 0.75 + 7) / 100 = 0.505.
  EXPECT_DOUBLE_EQ(p.score(), 0.505);
  // With the prior (half a pair at each end) and Wilson's interval, as for
  // games; values from the quadratic in Python.
  const EloEstimate e = estimate_elo(p);
  EXPECT_NEAR(e.elo, 3.4400687048, 1e-6);
  EXPECT_NEAR(e.lower, -28.4920713813, 1e-6);
  EXPECT_NEAR(e.upper, 35.3722087909, 1e-6);
  EXPECT_NEAR(sprt_llr(p, 0, 10), -0.0587429, 1e-6);
  // An empty bin counts 0.001 pairs (fishtest's regularisation).
  EXPECT_NEAR(sprt_llr(Pentanomial({0, 10, 40, 40, 10}), 0, 10), 4.1715287, 1e-6);
  // Correlated pairs (the same result twice) carry less information than
  // independent games with the same W/D/L: a wider interval.
  const EloEstimate paired = estimate_elo(Pentanomial({10, 0, 0, 0, 20}));
  const EloEstimate games = estimate_elo(Wdl{40, 0, 20});
  EXPECT_NEAR(paired.elo, games.elo, 1e-9);
  EXPECT_NEAR(paired.lower, -10.1786962830, 1e-6);
  EXPECT_NEAR(paired.upper, 242.6303458716, 1e-6);
  EXPECT_GT(paired.margin, games.margin);
  // Pairs that all came out even still move the LLR, thanks to the
  // regularisation; no pairs at all give no evidence either way.
  EXPECT_NEAR(sprt_llr(Pentanomial({0, 0, 9, 0, 0}), 0, 5), -3.3576268, 1e-6);
  EXPECT_EQ(sprt_llr(Pentanomial(), 0, 5), 0.0);
}

TEST(ArenaStats, PentanomialIntervalIsFiniteFromTheFirstPair) {
  EXPECT_NEAR(estimate_elo(Pentanomial()).margin, 495.2993440556, 1e-6);
  EXPECT_NEAR(estimate_elo(Pentanomial({0, 0, 1, 0, 0})).margin, 301.2779499210, 1e-6);
  const EloEstimate won = estimate_elo(Pentanomial({0, 0, 0, 0, 1}));
  EXPECT_NEAR(won.elo, 190.8485018879, 1e-6);
  EXPECT_NEAR(won.lower, -243.1487069738, 1e-6);
  EXPECT_NEAR(won.upper, 624.8457107495, 1e-6);
  EXPECT_NEAR(estimate_elo(Pentanomial({0, 0, 10, 0, 0})).margin, 61.5826010594, 1e-6);
  for (int pairs = 1; pairs <= 500; ++pairs)
    ASSERT_TRUE(std::isfinite(estimate_elo(Pentanomial({0, 0, 0, 0, pairs})).upper)) << pairs;
}

TEST(ArenaStats, SprtBoundsAndDecisions) {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  EXPECT_NEAR(b.lower, -2.9444389792, 1e-9);  // log(0.05 / 0.95)
  EXPECT_NEAR(b.upper, 2.9444389792, 1e-9);   // log(0.95 / 0.05)
  const SprtBounds skew = sprt_bounds(0.05, 0.10);
  EXPECT_NEAR(skew.lower, std::log(0.10 / 0.95), 1e-12);
  EXPECT_NEAR(skew.upper, std::log(0.90 / 0.05), 1e-12);
  EXPECT_EQ(sprt_decision(3.0, b), SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_decision(-3.0, b), SprtDecision::kAcceptH0);
  EXPECT_EQ(sprt_decision(0.5, b), SprtDecision::kContinue);
}

}  // namespace
}  // namespace leiser::arena
