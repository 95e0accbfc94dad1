// The referee: plays one game between two engines. Every move is checked by
// the kernel's Game (which also ends games by King zap, 50 moves and
// repetition, and enforces Ko); the clocks are kept here, from wall time.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "cli/arena_engine.h"
#include "kernel/edition.h"

namespace leiser::cli::arena {

// --adjudicate moves=N,score=S: from move N on (full moves of the game,
// opening included), a game ends when the two engines' latest scores agree
// that the same side is ahead by at least S centipawns.
struct Adjudication {
  int moves = 0;
  int score_cp = 0;
};

struct GameSetup {
  kernel::Edition edition = kernel::kDefaultEdition;
  std::vector<std::string> opening;  // played from the edition's start position
  bool use_ko = true;
  std::optional<Adjudication> adjudication;
  // How long a move may take when the mover has no clock (depth or nodes
  // only); past it the engine is deemed hung and loses.
  std::chrono::milliseconds move_timeout{60000};
};

enum class Winner { kTangerine, kLavender, kNone };

// Why a game ended, in categories the summary counts.
enum class Termination {
  kRules,         // King zapped, 50 moves, repetition: the kernel's verdict
  kAdjudication,  // --adjudicate
  kIllegalMove,   // an illegal or unreadable move, or none
  kTimeForfeit,   // the clock ran out (past the grace)
  kNoAnswer,      // no move within the timeout, with no clock running
  kCrash,         // the engine's process died
  kStartFailure,  // the engine could not be (re)started for the game
};
const char* termination_name(Termination t);

struct GameRecord {
  std::string tangerine;  // engine names
  std::string lavender;
  std::string start_fen;
  std::vector<std::string> moves;  // opening included
  std::size_t opening_plies = 0;
  Winner winner = Winner::kNone;
  Termination termination = Termination::kRules;
  std::string reason;  // a phrase for the game record

  // "1-0", "0-1" or "1/2-1/2".
  const char* score() const;
};

// The allowance past a clock's end before a time forfeit: pipe and scheduler
// delays are ours, not the engine's. 50 ms plus 10% of the time left.
std::chrono::milliseconds clock_grace(std::int64_t remaining_ms);

// Plays a game; `tangerine` moves first. Engines that are not running (never
// started, or crashed in an earlier game) are started first. Never throws for
// anything an engine does; the record says who won and why.
GameRecord play_game(EngineClient& tangerine, EngineClient& lavender, const GameSetup& setup);

}  // namespace leiser::cli::arena
