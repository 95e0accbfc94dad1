// Game records in a PGN-like text, as RULES.md describes them: a start
// position (FEN), the move list in the rules' notation, and the result, plus
// tags naming the players, their limits and the reason the game ended.
//
//   [Event "leiserchess arena"]
//   [Round "3"]
//   [Tangerine "new"]
//   [Lavender "old"]
//   [TangerineLimits "10+0.1"]
//   [LavenderLimits "depth=2"]
//   [Edition "2016"]
//   [FEN "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"]
//   [OpeningPlies "10"]
//   [PlyCount "37"]
//   [Result "1-0"]
//   [Termination "rules"]
//   [Reason "Lavender's King zapped"]
//
//   1. h4g5 a3a2 2. g3R a2a1 ... 19. d3d4 1-0
#pragma once

#include <string>

#include "cli/arena_referee.h"
#include "kernel/edition.h"

namespace leiser::cli::arena {

struct PgnTags {
  std::string event = "leiserchess arena";
  std::string date;  // "YYYY.MM.DD"; empty: not written
  int round = 0;     // the game's number in the match
  kernel::Edition edition = kernel::kDefaultEdition;
  std::string tangerine_limits;  // e.g. "10+0.1", "depth=4"
  std::string lavender_limits;
};

std::string format_game_record(const GameRecord& game, const PgnTags& tags);

// How an engine is limited, for the *Limits tags and the summary.
std::string describe_limits(const EngineSpec& spec);

}  // namespace leiser::cli::arena
