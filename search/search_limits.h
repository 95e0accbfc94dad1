// What a search is asked to do and what it reports.
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/move.h"

namespace leiser::search {

inline constexpr int kMaxPly = 128;
inline constexpr int kMaxDepth = 64;
inline constexpr int kInfinity = 32001;
inline constexpr int kMate = 32000;
// Scores beyond this are "mate in n".
inline constexpr int kMateBound = kMate - 2 * kMaxPly;

constexpr bool is_mate_score(int score) { return score >= kMateBound || score <= -kMateBound; }
// Moves (not plies) to mate, negative when being mated.
constexpr int mate_in_moves(int score) {
  return score > 0 ? (kMate - score + 1) / 2 : -((kMate + score) / 2);
}

struct SearchLimits {
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  int movetime_ms = 0;      // 0: not fixed
  int time_ms = -1;         // the side to move's clock; -1: no clock
  int increment_ms = 0;
  bool infinite = false;
  bool has_time_limit() const { return movetime_ms > 0 || time_ms >= 0; }
};

// Whether a reported score is exact or only a bound: an aspiration window
// failed, and the true score is at least (kLower) or at most (kUpper) it.
enum class ScoreBound : std::uint8_t { kExact, kLower, kUpper };

struct SearchReport {
  int depth = 0;
  int seldepth = 0;  // never decreases within one search
  int score = 0;  // centipawns from the side to move's view, or a mate score
  ScoreBound bound = ScoreBound::kExact;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  int time_ms = 0;
  int hashfull = 0;
  std::vector<kernel::Move> pv;
};

struct SearchResult {
  kernel::Move best_move = kernel::Move::none();
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  // Moves made in the search's move loops, wherever a loop makes a move to
  // look at it: searched, then found illegal (Ko), or found not to zap in
  // quiescence. This is what the MIT course engines count as their "nodes"
  // (one count per move made in a search loop), so it is the figure to
  // compare with their nodes per second; `nodes` counts positions searched,
  // as UCI engines do. Quiescence moves proven not to zap without being made
  // (they do not touch the beam) are not counted: the course engines make
  // and count those too, so this undercounts against them.
  std::uint64_t moves_made = 0;
  std::vector<kernel::Move> pv;
};

}  // namespace leiser::search
