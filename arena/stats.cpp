#include "arena/stats.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace leiser::arena {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// The two-sided 95% quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;

// Variance of one game's score (1, 0.5 or 0) around the mean score.
double per_game_variance(const Wdl& wdl) {
  const int n = wdl.games();
  if (n == 0) return 0;
  const double s = wdl.score();
  return (wdl.wins * (1 - s) * (1 - s) + wdl.draws * (0.5 - s) * (0.5 - s) + wdl.losses * s * s) /
         n;
}

// The 95% Wilson interval (see estimate_elo in the header) of a mean score
// s over n units whose sample variance is `variance`, as Elo. The caller has
// added the prior, so 0 < s < 1 and variance > 0.
EloEstimate wilson_estimate(double s, double variance, double n) {
  // k p (1 - p) / n with k = variance / (s (1 - s)) is p (1 - p) / n_eff.
  const double n_eff = n * s * (1 - s) / variance;
  const double z2 = kZ95 * kZ95;
  const double denominator = 1 + z2 / n_eff;
  const double centre = (s + z2 / (2 * n_eff)) / denominator;
  const double half =
      kZ95 * std::sqrt(s * (1 - s) / n_eff + z2 / (4 * n_eff * n_eff)) / denominator;
  EloEstimate e;
  e.elo = elo_from_score(s);
  e.lower = elo_from_score(centre - half);
  e.upper = elo_from_score(centre + half);
  e.margin = (e.upper - e.lower) / 2;
  return e;
}

double llr_from(double s, double variance, int n, double elo0, double elo1) {
  if (n == 0 || variance <= 0) return 0;
  const double s0 = score_from_elo(elo0);
  const double s1 = score_from_elo(elo1);
  return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance);
}

}  // namespace

double Pentanomial::score() const {
  const int n = pairs();
  if (n == 0) return 0.5;
  double points = 0;
  for (int k = 0; k < 5; ++k) points += counts[static_cast<std::size_t>(k)] * (k / 4.0);
  return points / n;
}

double Wdl::score() const {
  const int n = games();
  return n == 0 ? 0.5 : points() / n;
}

double elo_from_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(const Wdl& wdl) {
  // The prior: one win and one loss.
  const Wdl with_prior{wdl.wins + 1, wdl.draws, wdl.losses + 1};
  return wilson_estimate(with_prior.score(), per_game_variance(with_prior), with_prior.games());
}

EloEstimate estimate_elo(const Pentanomial& ptnml) {
  // The prior: half a pair lost twice (k = 0) and half a pair won twice
  // (k = 4), two games' weight as for games. Counts are fractional here.
  std::array<double, 5> counts{};
  double n = 0;
  double points = 0;
  for (std::size_t k = 0; k < 5; ++k) {
    counts[k] = ptnml.counts[k] + (k == 0 || k == 4 ? 0.5 : 0.0);
    n += counts[k];
    points += counts[k] * (static_cast<double>(k) / 4);
  }
  const double s = points / n;
  double variance = 0;
  for (std::size_t k = 0; k < 5; ++k) variance += counts[k] * (k / 4.0 - s) * (k / 4.0 - s);
  return wilson_estimate(s, variance / n, n);
}

double likelihood_of_superiority(const Wdl& wdl) {
  const int decisive = wdl.wins + wdl.losses;
  if (decisive == 0) return 0.5;
  return 0.5 * (1.0 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)));
}

double sprt_llr(const Wdl& wdl, double elo0, double elo1) {
  return llr_from(wdl.score(), per_game_variance(wdl), wdl.games(), elo0, elo1);
}

double sprt_llr(const Pentanomial& ptnml, double elo0, double elo1) {
  if (ptnml.pairs() == 0) return 0;
  // fishtest's regularisation: an empty bin counts 0.001 pairs, so that a
  // match whose pairs all came out the same still has a variance (and its
  // LLR moves) instead of none.
  std::array<double, 5> counts{};
  double n = 0;
  double points = 0;
  for (std::size_t k = 0; k < 5; ++k) {
    counts[k] = ptnml.counts[k] == 0 ? 1e-3 : ptnml.counts[k];
    n += counts[k];
    points += counts[k] * (static_cast<double>(k) / 4);
  }
  const double s = points / n;
  double variance = 0;
  for (std::size_t k = 0; k < 5; ++k) variance += counts[k] * (k / 4.0 - s) * (k / 4.0 - s);
  variance /= n;
  const double s0 = score_from_elo(elo0);
  const double s1 = score_from_elo(elo1);
  return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance);
}

SprtBounds sprt_bounds(double alpha, double beta) {
  return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

SprtDecision sprt_decision(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper) return SprtDecision::kAcceptH1;
  if (llr <= bounds.lower) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char text[32];
  // Values that round to zero print as "+0.0", never "-0.0".
  std::snprintf(text, sizeof text, "%+.1f", std::fabs(elo) < 0.05 ? 0.0 : elo);
  return text;
}

}  // namespace leiser::arena
