// What a search is asked to do and what it reports.
#pragma once

#include <cstdint>
#include <string>
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
// A score as the protocol's `info ... score` writes it: "cp 35" or "mate -3".
inline std::string score_text(int score) {
  return is_mate_score(score) ? "mate " + std::to_string(mate_in_moves(score))
                              : "cp " + std::to_string(score);
}

struct SearchLimits {
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  int movetime_ms = 0;      // 0: not fixed
  int time_ms = -1;         // the side to move's clock; -1: no clock
  int increment_ms = 0;
  bool infinite = false;
  // Root moves to search (UCI's `go searchmoves`), all legal; empty: every move.
  std::vector<kernel::Move> searchmoves;
  // Stop once a mate in at most this many moves is found for the side to
  // move (UCI's `go mate`); 0: no such goal.
  int mate = 0;
  // UCI's `go ponder`: the position is the one after the move the engine
  // expects its opponent to play. Until Searcher::ponderhit the clock is not
  // looked at, and a search that ends by itself waits to report.
  bool ponder = false;
  bool has_time_limit() const { return movetime_ms > 0 || time_ms >= 0; }
};

// Whether a reported score is exact or only a bound: an aspiration window
// failed, and the true score is at least (kLower) or at most (kUpper) it.
enum class ScoreBound : std::uint8_t { kExact, kLower, kUpper };

struct SearchReport {
  int depth = 0;
  int seldepth = 0;  // never decreases within one search
  int score = 0;     // centipawns from the side to move's view, or a mate score
  ScoreBound bound = ScoreBound::kExact;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  int time_ms = 0;
  int hashfull = 0;
  std::vector<kernel::Move> pv;
  // MultiPV: this line's rank from 1 (UCI's `multipv`); 0 when one line is
  // searched, and nothing is printed for it.
  int multipv = 0;
  // Nonzero: this report only names the root move about to be searched
  // (UCI's `currmove`), numbered from 1 in the root's order; `depth` is the
  // iteration's and the other fields are not set.
  int currmove_number = 0;
  kernel::Move currmove = kernel::Move::none();
};

// Root moves are named (SearchReport::currmove_number) only once a search
// has run this long, as Stockfish does: on short searches they would be
// most of the output.
inline constexpr int kCurrmoveAfterMs = 1000;

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
  // The reply expected to best_move, to ponder on (UCI's `bestmove m ponder
  // p`): the line's second move, else the table's move after best_move;
  // none when neither is known. Set by Engine.
  kernel::Move ponder = kernel::Move::none();
  // Empty, or why the search ended early: an exception inside a parallel
  // task (out of memory), caught there; the result is the best found
  // before it.
  std::string error;
};

}  // namespace leiser::search
