// A match: every pair of engines (a round robin when there are more than two)
// plays each opening `repeat` times with colours alternating (twice,
// reversed, by default), on `concurrency` worker threads that each own their
// engine processes. Results feed a live progress line, the optional SPRT
// (which can end the match early) and the PGN file, written game by game so
// that an interrupted match loses only the games in progress.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arena/adjudication.h"
#include "arena/engine.h"
#include "arena/openings.h"
#include "arena/referee.h"
#include "arena/stats.h"

namespace leiser::arena {

struct MatchConfig {
  std::vector<EngineSpec> engines;  // each with its own limits resolved
  kernel::Edition edition = kernel::kDefaultEdition;
  bool use_ko = true;
  // Games for each pair of engines (--games); 0: rounds x repeat.
  int games_per_pair = 0;
  // Openings each pair plays (--rounds); 0: every opening of the book once
  // (1 without a book). More rounds than openings start the book again.
  int rounds = 0;
  // Games per opening (--repeat), colours alternating: 2 plays each opening
  // twice with colours reversed, the pairs the pentanomial statistics and
  // the SPRT count. An odd repeat forms no such pairs.
  int repeat = 2;
  int concurrency = 1;
  std::vector<Opening> openings;              // in playing order; empty: the start position
  std::optional<std::uint64_t> shuffle_seed;  // the book was shuffled (for the records)
  std::string pgn_path;                       // empty: no game records written; appended to
  AdjudicationRules adjudication;
  std::optional<SprtConfig> sprt;  // only for two engines
  std::chrono::milliseconds move_timeout{60000};
  std::ostream* protocol_log = nullptr;  // --debug
  // Raised (Ctrl-C): no game starts after it, games in progress are
  // abandoned (not recorded), and run_match returns.
  const std::atomic<bool>* interrupt = nullptr;
};

struct PairResult {
  int first = 0;  // engine indices, first < second
  int second = 0;
  Wdl wdl;  // from `first`'s point of view
  // Both games of an opening played (colours reversed), from `first`'s point
  // of view; the SPRT runs on these.
  Pentanomial ptnml;
};

struct MatchResult {
  int scheduled = 0;              // games the match would play in full
  std::vector<GameRecord> games;  // those played (or resumed), by game number
  int resumed = 0;                // of them, read back from the PGN (--resume)
  int abandoned = 0;              // games in progress when interrupted
  bool interrupted = false;
  double seconds = 0;  // wall time of this run
  std::vector<PairResult> pairs;
  std::vector<int> restarts;  // per engine: process starts beyond the first per worker
  std::optional<double> sprt_llr;
  SprtDecision sprt_decision = SprtDecision::kContinue;
  std::string error;  // a failure that ended the match, if any
};

// One game of the schedule.
struct ScheduledGame {
  int number = 0;  // 1-based game number: the PGN's Round
  int pair = 0;    // index into MatchResult::pairs
  // Games with the same pair and twin (>= 0) are one opening played with
  // colours reversed: a pentanomial pair. -1: no twin (odd --repeat).
  int twin = -1;
  int tangerine = 0;
  int lavender = 0;
  std::optional<std::size_t> opening;  // index into MatchConfig::openings
};

// The games of one pair: games_per_pair(config) of them; game k plays
// opening (k / repeat) mod the book size, with the pair's first engine as
// Tangerine when k is even. Round by round over the pairs, so that a round
// robin cut short (by the SPRT or an interrupt) has played every pair about
// equally.
int games_per_pair(const MatchConfig& config);
std::vector<ScheduledGame> schedule_games(const MatchConfig& config);

// A game of this match read back from its PGN (--resume).
struct ResumedGame {
  int number = 0;
  GameRecord record;
};

// Called with each finished game, one call at a time (in completion
// order); false: start no more games (those under way still finish and are
// passed on).
using GameSink = std::function<bool(const ScheduledGame& game, GameRecord record)>;

struct PlayOutcome {
  std::vector<int> restarts;  // per engine: process starts beyond the first per worker
  std::string error;          // a failure that stopped the workers, if any
  bool interrupted = false;   // config.interrupt was raised before a game could start
};

// Plays `games` (any of schedule_games(config), in the order given) on
// config.concurrency worker threads, each with its own engine processes
// (arena/player.h), and hands each record to `on_game`. No statistics, no
// PGN: run_match gives the records to a MatchRecorder (arena/recorder.h).
PlayOutcome play_games(const MatchConfig& config, const std::vector<ScheduledGame>& games,
                       const GameSink& on_game);

// Plays the match, less the `resumed` games, which count as played.
// `progress` gets the live line: rewritten in place with '\r' when `live`
// (a terminal), one line per finished game otherwise.
MatchResult run_match(const MatchConfig& config, std::ostream& progress, bool live,
                      const std::vector<ResumedGame>& resumed = {});

// The progress line: games done of total, W/D/L from the first engine's
// point of view (against all others), Elo with its 95% margin, LOS, the
// pairs' pentanomial counts, and the SPRT's LLR with its bounds when one runs.
std::string progress_line(const MatchConfig& config, int done, int total, const Wdl& first,
                          const Pentanomial& first_pairs, std::optional<double> llr);

// The final table: per engine and per pair, game-end reasons, restarts.
void print_summary(const MatchConfig& config, const MatchResult& result, std::ostream& out);

// Starts each engine once before any game, so that a mistyped command or a
// broken engine stops the run at once instead of forfeiting every game; the
// problems and set-up warnings are written to `err`.
bool check_engines(const MatchConfig& match, std::ostream& err);

}  // namespace leiser::arena
