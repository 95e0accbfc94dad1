// Adjudication: ending a game the engines agree about before the rules do,
// to save time in matches. Both rules look only at the engines' own scores
// (the last `info ... score` before each `bestmove`), so an engine that
// prints no score is never adjudicated.
//
//  - Draw (--draw movenumber=M,movecount=N,score=S): from full move M of the
//    game on (opening moves count), when every one of the last N moves of
//    each engine (2N plies) came with a score within S centipawns of 0.
//  - Resign (--resign movecount=N,score=S[,movenumber=M]): when every one of
//    the last N moves of each engine came with a score saying the same side
//    is ahead by at least S centipawns: both engines agree, the loser
//    included. Mate scores count as beyond any S.
//
// A move without a score, or with one outside the band, starts the count
// again. The opening's moves have no scores and count for neither rule.
#pragma once

#include <optional>
#include <string>

#include "arena/game_record.h"

namespace leiser::arena {

struct DrawAdjudication {
  int move_number = 0;  // M: not before this many full moves of the game
  int move_count = 1;   // N: moves of each engine in a row
  int score_cp = 0;     // S: |score| <= S
};

struct ResignAdjudication {
  int move_number = 0;
  int move_count = 1;
  int score_cp = 0;  // a side ahead by >= S by both engines' account
};

struct AdjudicationRules {
  std::optional<DrawAdjudication> draw;
  std::optional<ResignAdjudication> resign;
  bool any() const { return draw || resign; }
};

struct Verdict {
  Winner winner = Winner::kNone;
  std::string reason;  // for the game record's Reason tag
};

// Follows one game's scores and says when a rule ends it.
class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

  // After each move an engine made: `plies` is the length of the game so far
  // (opening and this move included), `tangerine_score` the mover's score
  // turned to Tangerine's point of view, or none.
  std::optional<Verdict> after_move(int plies, std::optional<int> tangerine_score);

 private:
  AdjudicationRules rules_;
  int drawish_ = 0;          // consecutive moves with |score| <= draw S
  int tangerine_ahead_ = 0;  // consecutive moves with score >= resign S
  int lavender_ahead_ = 0;   // consecutive moves with score <= -resign S
};

}  // namespace leiser::arena
