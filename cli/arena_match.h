// A match: every pair of engines (a round robin when there are more than two)
// plays each opening twice with colours reversed, on `concurrency` worker
// threads that each own their engine processes. Results feed a live progress
// line, the optional SPRT (which can end the match early) and the PGN file.
#pragma once

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/arena_engine.h"
#include "cli/arena_openings.h"
#include "cli/arena_referee.h"
#include "cli/arena_stats.h"

namespace leiser::cli::arena {

struct MatchConfig {
  std::vector<EngineSpec> engines;  // each with its own limits resolved
  kernel::Edition edition = kernel::kDefaultEdition;
  bool use_ko = true;
  // Games for each pair of engines; 0: each opening twice (2 without a book).
  int games_per_pair = 0;
  int concurrency = 1;
  std::vector<Opening> openings;  // empty: every game from the start position
  std::string pgn_path;           // empty: no game records written
  std::optional<Adjudication> adjudication;
  std::optional<SprtConfig> sprt;  // only for two engines
  std::chrono::milliseconds move_timeout{60000};
  std::ostream* protocol_log = nullptr;  // --debug
};

struct PairResult {
  int first = 0;   // engine indices, first < second
  int second = 0;
  Wdl wdl;         // from `first`'s point of view
  // Both games of an opening played (colours reversed), from `first`'s point
  // of view; the SPRT runs on these.
  Pentanomial ptnml;
};

struct MatchResult {
  int scheduled = 0;                // games the match would play in full
  std::vector<GameRecord> games;    // those played, by game number
  std::vector<PairResult> pairs;
  std::vector<int> restarts;        // per engine: process starts beyond the first per worker
  std::optional<double> sprt_llr;
  SprtDecision sprt_decision = SprtDecision::kContinue;
  std::string error;                // a failure that ended the match, if any
};

// The games of one pair, in order: game k plays opening (k / 2) mod the book
// size, with `first` as Tangerine when k is even: each opening twice, colours
// reversed.
int games_per_pair(const MatchConfig& config);

// Plays the match. `progress` gets the live line: rewritten in place with
// '\r' when `live` (a terminal), one line per finished game otherwise.
MatchResult run_match(const MatchConfig& config, std::ostream& progress, bool live);

// The progress line: games done of total, W/D/L from the first engine's
// point of view (against all others), Elo with its 95% margin, LOS, the
// pairs' pentanomial counts, and the SPRT's LLR with its bounds when one runs.
std::string progress_line(const MatchConfig& config, int done, int total, const Wdl& first,
                          const Pentanomial& first_pairs, std::optional<double> llr);

// The final table: per engine and per pair, game-end reasons, restarts.
void print_summary(const MatchConfig& config, const MatchResult& result, std::ostream& out);

}  // namespace leiser::cli::arena
