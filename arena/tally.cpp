#include "arena/tally.h"

#include <cstddef>

namespace leiser::arena {

std::vector<PairResult> all_pairs(const MatchConfig& config) {
  std::vector<PairResult> pairs;
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) pairs.push_back({a, b, {}, {}});
  return pairs;
}

MatchTally::MatchTally(const MatchConfig& config) : config_(&config), pairs_(all_pairs(config)) {
  if (config.sprt) {
    bounds_ = sprt_bounds(config.sprt->alpha, config.sprt->beta);
    llr_ = 0.0;
  }
}

void MatchTally::add(const ScheduledGame& game, const GameRecord& record) {
  PairResult& pair = pairs_.at(static_cast<std::size_t>(game.pair));
  const bool first_is_tangerine = game.tangerine == pair.first;
  int first_half_points = 1;  // the first engine's points in this game, in half points
  switch (record.winner) {
    case Winner::kTangerine:
      ++(first_is_tangerine ? pair.wdl.wins : pair.wdl.losses);
      first_half_points = first_is_tangerine ? 2 : 0;
      break;
    case Winner::kLavender:
      ++(first_is_tangerine ? pair.wdl.losses : pair.wdl.wins);
      first_half_points = first_is_tangerine ? 0 : 2;
      break;
    case Winner::kNone:
      ++pair.wdl.draws;
      break;
  }
  // The second game of an opening completes a pair.
  if (game.twin >= 0) {
    const auto twin = std::make_pair(game.pair, game.twin);
    if (const auto found = half_points_waiting_.find(twin); found != half_points_waiting_.end()) {
      ++pair.ptnml.counts[static_cast<std::size_t>(found->second + first_half_points)];
      half_points_waiting_.erase(found);
    } else {
      half_points_waiting_[twin] = first_half_points;
    }
  }
  ++games_;
  if (config_->sprt) {
    const Pentanomial first_pairs = first_engine_results().second;
    llr_ = arena::sprt_llr(first_pairs, config_->sprt->elo0, config_->sprt->elo1);
    if (first_pairs.pairs() >= kSprtMinPairs) decision_ = arena::sprt_decision(*llr_, bounds_);
  }
}

std::pair<Wdl, Pentanomial> MatchTally::first_engine_results() const {
  Wdl first;
  Pentanomial first_pairs;
  for (const PairResult& p : pairs_) {
    if (p.first != 0) continue;
    first += p.wdl;
    first_pairs += p.ptnml;
  }
  return {first, first_pairs};
}

}  // namespace leiser::arena
