// Match statistics from win/draw/loss counts: the logistic Elo difference
// with a 95% interval, the likelihood of superiority, and the SPRT.
#pragma once

#include <array>
#include <string>

namespace leiser::arena {

// Results from one engine's point of view.
struct Wdl {
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const { return wins + draws + losses; }
  double points() const { return wins + 0.5 * draws; }
  // Points per game, 0..1 (0.5 when no games were played).
  double score() const;
  Wdl reversed() const { return {losses, draws, wins}; }
  Wdl& operator+=(const Wdl& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    return *this;
  }
};

// Results of game pairs (one opening played twice, colours reversed) by the
// first engine's points in the pair: counts[k] pairs scored k / 2 points, from
// both lost (k = 0) to both won (k = 4). The two games of a pair share an
// opening, so their results are correlated; statistics on pairs measure that
// correlation instead of assuming independent games (fastchess, fishtest).
struct Pentanomial {
  std::array<int, 5> counts{};

  Pentanomial() = default;
  explicit Pentanomial(const std::array<int, 5>& c) : counts(c) {}

  int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
  // Points per game, 0..1 (0.5 when no pair was played).
  double score() const;
  Pentanomial& operator+=(const Pentanomial& other) {
    for (std::size_t k = 0; k < counts.size(); ++k) counts[k] += other.counts[k];
    return *this;
  }
};

// The logistic Elo model: an Elo difference d means an expected score of
// 1 / (1 + 10^(-d/400)).
double elo_from_score(double score);
double score_from_elo(double elo);

struct EloEstimate {
  double elo = 0;     // finite: the score it comes from includes the prior below
  double margin = 0;  // half-width of the 95% interval, (upper - lower) / 2
  // The 95% interval itself, which the logistic curve makes asymmetric.
  double lower = 0;
  double upper = 0;
};
// Finite from the first game (no "+inf +/- inf" after a 1-0 start):
//  - A prior of one won and one lost game is added to the results (for
//    pairs, half a pair lost twice and half a pair won twice: the same two
//    games' weight). The score s stays strictly between 0 and 1, its sample
//    variance v above 0, and its effect fades as games come in: after 100
//    games it moves the Elo by about 1%.
//  - The interval is a Wilson score interval, not the Wald interval
//    s +- 1.96 sqrt(v / n), which leaves [0, 1] (and so has no Elo) on small
//    samples. With the variance of a game modelled as k p (1 - p), k the
//    observed v / (s (1 - s)) (draws make k < 1), it is the set of true
//    scores p with (s - p)^2 <= z^2 k p (1 - p) / n: the roots of a
//    quadratic, always strictly inside (0, 1) when s is. For large n it is
//    the Wald interval.
// Both ends are mapped through the logistic curve.
EloEstimate estimate_elo(const Wdl& wdl);
// The same from pairs: the unit is a pair's mean score (0, 0.25, 0.5, 0.75,
// 1) and n the number of pairs.
EloEstimate estimate_elo(const Pentanomial& ptnml);

// LOS: the probability that the engine is the stronger one, from wins and
// losses only (draws carry no information about who is stronger):
// 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))). 0.5 with no decisive game.
double likelihood_of_superiority(const Wdl& wdl);

struct SprtConfig {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// The log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0), by
// the generalized SPRT's normal approximation on the trinomial W/D/L counts
// with logistic Elo (no BayesElo draw model): with s the mean score, v the
// per-game score variance, N the games and s0, s1 the scores of elo0, elo1,
//   LLR = N (s1 - s0) (2 s - s0 - s1) / (2 v).
// 0 while there is no game or no spread to measure (v = 0).
double sprt_llr(const Wdl& wdl, double elo0, double elo1);
// The same statistic on pairs (fishtest's pentanomial normal
// approximation): s the mean score per game, v the variance of a pair's mean
// score, N the pairs: LLR = N (s1 - s0) (2 s - s0 - s1) / (2 v), with every
// empty count taken as 0.001 pairs (fishtest's regularisation). 0 without pairs.
double sprt_llr(const Pentanomial& ptnml, double elo0, double elo1);

struct SprtBounds {
  double lower;  // log(beta / (1 - alpha)): at or below it, accept H0
  double upper;  // log((1 - beta) / alpha): at or above it, accept H1
};
SprtBounds sprt_bounds(double alpha, double beta);
SprtDecision sprt_decision(double llr, const SprtBounds& bounds);

// "+107.5", "-inf", ...: Elo and margins for the progress line and summary.
// (estimate_elo is always finite; elo_from_score(1) is not.)
std::string format_elo(double elo);

}  // namespace leiser::arena
