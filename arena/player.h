// One worker's engines: a process per engine of the match, started on first
// use and kept for the following games (the referee restarts one after a
// crash or a kill). A worker thread of run_match owns one; so does each
// worker rank of `leiserchess-mpi arena`, which plays the games rank 0 sends.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "arena/engine.h"
#include "arena/game_record.h"
#include "arena/match.h"
#include "arena/openings.h"

namespace leiser::arena {

class GamePlayer {
 public:
  // `config` (engines, edition, rules, timeouts, interrupt) must outlive the player.
  GamePlayer(const MatchConfig& config, ProtocolLog* log);
  ~GamePlayer();
  GamePlayer(const GamePlayer&) = delete;
  GamePlayer& operator=(const GamePlayer&) = delete;

  // Plays `game` of the schedule from `opening` (a default Opening: the
  // edition's start position). Never throws for what an engine does.
  GameRecord play(const ScheduledGame& game, const Opening& opening);

  // Quits every engine process; returns, per engine index, the process
  // starts beyond the first (the restarts the summary reports).
  std::vector<int> quit();

 private:
  EngineClient& engine(int index);

  const MatchConfig& config_;
  ProtocolLog* log_;
  std::map<int, std::unique_ptr<EngineClient>> engines_;
};

}  // namespace leiser::arena
