// A match's statistics, fed one finished game at a time: W/D/L per pair of
// engines, the pentanomial counts of the opening pairs (the two games of an
// opening, colours reversed), and the SPRT's LLR and decision. No I/O and no
// threads, so that it counts games wherever they were played: run_match
// feeds it in completion order, leiserchess-mpi's rank 0 in game-number
// order as the records arrive from the worker ranks.
#pragma once

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "arena/game_record.h"
#include "arena/match.h"
#include "arena/stats.h"

namespace leiser::arena {

// The SPRT decides nothing before this many pairs of games: its LLR
// estimates the variance from the pairs themselves, which a handful of pairs
// cannot do (a single won pair would pass).
inline constexpr int kSprtMinPairs = 10;

// Every pair of engines of the match, first < second, in schedule order.
std::vector<PairResult> all_pairs(const MatchConfig& config);

class MatchTally {
 public:
  explicit MatchTally(const MatchConfig& config);

  // Counts one finished game of the schedule. An interrupted game
  // (Termination::kInterrupted) has no result: the caller must not add it.
  void add(const ScheduledGame& game, const GameRecord& record);

  const std::vector<PairResult>& pairs() const { return pairs_; }
  int games() const { return games_; }
  // Engine 0 against all others (it is `first` of all its pairs): what the
  // progress line and the SPRT look at.
  std::pair<Wdl, Pentanomial> first_engine_results() const;
  // The LLR after the last game; 0 before any, none without an SPRT.
  std::optional<double> sprt_llr() const { return llr_; }
  // Decided (kAcceptH0 or kAcceptH1) from kSprtMinPairs pairs on.
  SprtDecision sprt_decision() const { return decision_; }

 private:
  const MatchConfig* config_;
  std::vector<PairResult> pairs_;
  int games_ = 0;
  // (pair, twin) of games whose twin has not been added yet, with the first
  // engine's half points in them.
  std::map<std::pair<int, int>, int> half_points_waiting_;
  std::optional<double> llr_;
  SprtDecision decision_ = SprtDecision::kContinue;
  SprtBounds bounds_{0, 0};
};

}  // namespace leiser::arena
