// What the arena keeps of a finished game: the players, the start position,
// the moves with what each engine said about its own, the result and why.
// The referee writes it, the PGN layer prints and reads it back (--resume),
// the match counts it.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace leiser::arena {

enum class Winner { kTangerine, kLavender, kNone };

// Why a game ended, in categories the summary counts.
enum class Termination {
  kRules,         // King zapped, 50 moves, repetition: the kernel's verdict
  kAdjudication,  // --draw, --resign, --adjudicate
  kIllegalMove,   // an illegal or unreadable move, or none
  kTimeForfeit,   // the clock ran out (past the grace)
  kNoAnswer,      // no move within the timeout, with no clock running
  kCrash,         // the engine's process died
  kStartFailure,  // the engine could not be (re)started for the game
  kInterrupted,   // the match was interrupted (Ctrl-C): no result, never recorded
};
const char* termination_name(Termination t);
// The inverse of termination_name, for records read back.
std::optional<Termination> parse_termination(const std::string& name);

// What an engine reported with one of its moves (the last `info` line with a
// score before `bestmove`), for the record's per-move comments.
struct MoveNote {
  std::optional<int> score_cp;  // the mover's point of view; mates as +-kMateScoreCp - n
  int depth = 0;                // 0: not reported
  std::chrono::milliseconds time{0};
};

struct GameRecord {
  std::string tangerine;  // engine names
  std::string lavender;
  std::string start_fen;
  std::string opening_id;          // the book's EPD `id`, if any
  std::vector<std::string> moves;  // opening included
  std::size_t opening_plies = 0;
  // One per move after the opening: notes[i] goes with moves[opening_plies + i].
  std::vector<MoveNote> notes;
  Winner winner = Winner::kNone;
  Termination termination = Termination::kRules;
  std::string reason;  // a phrase for the game record

  // "1-0", "0-1" or "1/2-1/2".
  const char* score() const;
};

}  // namespace leiser::arena
