// The bookkeeping of a match, apart from playing it: finished games are
// counted (arena/tally.h), appended to the PGN, and shown on the progress
// line, one at a time, by whoever played them: run_match's worker threads
// (under its lock), or leiserchess-mpi's rank 0 with the records its worker
// ranks send, in game-number order. finish() gives the MatchResult that
// print_summary prints. Not thread-safe: the caller serialises.
#pragma once

#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "arena/game_record.h"
#include "arena/match.h"
#include "arena/tally.h"

namespace leiser::arena {

class MatchRecorder {
 public:
  // Opens config.pgn_path (appended to) if there is one; a PGN that cannot
  // be opened is the match's error, and the recorder starts stopped.
  MatchRecorder(const MatchConfig& config, std::ostream& progress, bool live);

  // True once no game should start: the PGN cannot be written, the SPRT has
  // decided, fail() was called, or the match was interrupted.
  bool stopped() const { return stopped_ || result_.interrupted; }

  // The games read back from the PGN (--resume): counted, not written again,
  // then one progress line saying where the match stands. Returns the games
  // of the schedule left to play, in game-number order.
  std::vector<ScheduledGame> resume(const std::vector<ResumedGame>& games);

  // A finished game of the schedule: counted, written to the PGN, shown.
  // An interrupted game (Termination::kInterrupted) has no result: it is
  // only counted as abandoned, and the match as interrupted. Returns
  // !stopped().
  bool record(const ScheduledGame& game, GameRecord record);

  // A failure that ends the match; the first one is kept.
  void fail(const std::string& error);
  // Ctrl-C was seen before a game started.
  void mark_interrupted() { result_.interrupted = true; }
  void add_restarts(int engine, int restarts);

  // The games of the schedule, by game number - 1.
  const std::vector<ScheduledGame>& schedule() const { return schedule_; }

  // The result, games in game-number order (seconds left to the caller).
  MatchResult finish();

 private:
  // Counts a finished (or resumed) game: the tally, the SPRT's verdict, the
  // games of the result.
  void count(const ScheduledGame& game, GameRecord record);
  std::string current_line() const;

  const MatchConfig& config_;
  std::ostream& progress_;
  bool live_;
  std::vector<ScheduledGame> schedule_;
  MatchTally tally_;
  MatchResult result_;
  std::vector<int> game_numbers_;  // of result_.games, in the order recorded
  bool stopped_ = false;
  std::ofstream pgn_;
  std::string date_;
};

}  // namespace leiser::arena
