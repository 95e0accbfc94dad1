// Elo, error bars, LOS and SPRT arithmetic against values computed
// independently (by hand and with Python's math module from the textbook
// formulas quoted in cli/arena_stats.h).
#include <gtest/gtest.h>

#include <cmath>

#include "cli/arena_stats.h"

namespace leiser::cli::arena {
namespace {

TEST(ArenaStats, ScoreAndEloOfKnownResults) {
  // 60 W 20 D 20 L scores 70%: -400 log10(1/0.7 - 1) = +147.19.
  const Wdl a{60, 20, 20};
  EXPECT_DOUBLE_EQ(a.score(), 0.7);
  EXPECT_NEAR(estimate_elo(a).elo, 147.1907141178, 1e-6);
  // A 65% score is the well-known +107.5 Elo.
  EXPECT_NEAR(estimate_elo({55, 20, 25}).elo, 107.5381249170, 1e-6);
  EXPECT_NEAR(elo_from_score(0.65), 107.5381249170, 1e-6);
  EXPECT_NEAR(score_from_elo(107.5381249170), 0.65, 1e-12);
  EXPECT_DOUBLE_EQ(estimate_elo({10, 20, 10}).elo, 0.0);
  EXPECT_NEAR(estimate_elo({20, 50, 30}).elo, -34.8600702876, 1e-6);
}

TEST(ArenaStats, NinetyFivePercentMargins) {
  EXPECT_NEAR(estimate_elo({60, 20, 20}).margin, 66.0133812204, 1e-6);
  EXPECT_NEAR(estimate_elo({55, 20, 25}).margin, 63.9604089080, 1e-6);
  EXPECT_NEAR(estimate_elo({10, 20, 10}).margin, 77.3887439093, 1e-6);
  EXPECT_NEAR(estimate_elo({30, 50, 20}).margin, 48.4702280599, 1e-6);
}

TEST(ArenaStats, TheIntervalIsAsymmetric) {
  const EloEstimate e = estimate_elo({60, 20, 20});
  EXPECT_NEAR(e.lower, 86.2250152003, 1e-6);
  EXPECT_NEAR(e.upper, 218.2517776411, 1e-6);
  EXPECT_NEAR(e.margin, (e.upper - e.lower) / 2, 1e-9);
  // 37 W 1 D 2 L: the score's interval passes 1, so the Elo interval is
  // open above but still bounded below.
  const EloEstimate lopsided = estimate_elo({37, 1, 2});
  EXPECT_NEAR(lopsided.lower, 325.0640928874, 1e-6);
  EXPECT_TRUE(std::isinf(lopsided.upper) && lopsided.upper > 0);
  EXPECT_TRUE(std::isinf(lopsided.margin));
}

TEST(ArenaStats, DegenerateResults) {
  EXPECT_TRUE(std::isinf(estimate_elo({0, 0, 0}).margin));
  EXPECT_EQ(estimate_elo({0, 0, 0}).elo, 0.0);
  const EloEstimate all_wins = estimate_elo({5, 0, 0});
  EXPECT_TRUE(std::isinf(all_wins.elo) && all_wins.elo > 0);
  EXPECT_TRUE(std::isinf(all_wins.margin));
  EXPECT_EQ(format_elo(all_wins.elo), "+inf");
  EXPECT_EQ(format_elo(estimate_elo({0, 0, 3}).elo), "-inf");
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

// Pairs of games: values from the textbook formulas in cli/arena_stats.h,
// computed with Python's math module. counts = [LL, LD, WL+DD, WD, WW].
TEST(ArenaStats, PentanomialScoreEloAndLlr) {
  const Pentanomial p({5, 20, 50, 18, 7});  // 100 pairs
  EXPECT_EQ(p.pairs(), 100);
  // (20 * 0.25 + 50 * 0.5 + 18 * 0.75 + 7) / 100 = 0.505.
  EXPECT_DOUBLE_EQ(p.score(), 0.505);
  // The variance of the pair means is 0.053725.
  const EloEstimate e = estimate_elo(p);
  EXPECT_NEAR(e.elo, 3.4744717, 1e-6);
  EXPECT_NEAR(e.lower, -28.1546406, 1e-6);
  EXPECT_NEAR(e.upper, 35.1614369, 1e-6);
  EXPECT_NEAR(sprt_llr(p, 0, 10), -0.0587429, 1e-6);
  // An empty bin counts 0.001 pairs (fishtest's regularisation).
  EXPECT_NEAR(sprt_llr(Pentanomial({0, 10, 40, 40, 10}), 0, 10), 4.1715287, 1e-6);
  // Correlated pairs (the same result twice) carry less information than
  // independent games with the same W/D/L: a wider interval.
  const EloEstimate paired = estimate_elo(Pentanomial({10, 0, 0, 0, 20}));
  const EloEstimate games = estimate_elo(Wdl{40, 0, 20});
  EXPECT_NEAR(paired.elo, games.elo, 1e-9);
  EXPECT_GT(paired.margin, games.margin);
  // Pairs that all came out even still move the LLR, thanks to the
  // regularisation; no pairs at all give no evidence either way.
  EXPECT_NEAR(sprt_llr(Pentanomial({0, 0, 9, 0, 0}), 0, 5), -3.3576268, 1e-6);
  EXPECT_EQ(sprt_llr(Pentanomial(), 0, 5), 0.0);
  EXPECT_TRUE(std::isinf(estimate_elo(Pentanomial()).margin));
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
}  // namespace leiser::cli::arena
