// The referee: plays one game between two engines. Every move is checked by
// the kernel's Game (which also ends games by King zap, 50 moves and
// repetition, and enforces Ko); the clocks are kept here, from wall time.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "arena/adjudication.h"
#include "arena/engine.h"
#include "arena/game_record.h"
#include "arena/openings.h"
#include "kernel/edition.h"

namespace leiser::arena {

struct GameSetup {
  kernel::Edition edition = kernel::kDefaultEdition;
  Opening opening;  // a FEN (or the edition's start position) and moves from it
  bool use_ko = true;
  AdjudicationRules adjudication;
  // How long a move may take when the mover has no clock (depth or nodes
  // only); past it the engine is deemed hung and loses.
  std::chrono::milliseconds move_timeout{60000};
  // Raised (Ctrl-C): the game is abandoned within about 50 ms, the engines'
  // searches stopped, and the record says Termination::kInterrupted.
  const std::atomic<bool>* abort = nullptr;
};

// The allowance past a clock's end before a time forfeit: pipe and scheduler
// delays are ours, not the engine's. 50 ms plus 10% of the time left.
std::chrono::milliseconds clock_grace(std::int64_t remaining_ms);

// Plays a game; `tangerine` plays the Tangerine pieces (which move first
// unless the opening's FEN says otherwise). Engines that are not running (never
// started, or crashed in an earlier game) are started first. Never throws for
// anything an engine does; the record says who won and why.
GameRecord play_game(EngineClient& tangerine, EngineClient& lavender, const GameSetup& setup);

}  // namespace leiser::arena
