// Game records in PGN, readable by chess tools (the Seven Tag Roster first,
// White and Black, TimeControl, SetUp and FEN, a comment per engine move)
// while keeping the course's own words: Tangerine and Lavender, the
// edition, the limits, and why the game ended.
//
//   [Event "leiserchess arena"]
//   [Site "?"]
//   [Date "2026.11.24"]
//   [Round "3"]
//   [White "new"]
//   [Black "old"]
//   [Result "1-0"]
//   [Tangerine "new"]
//   [Lavender "old"]
//   [TimeControl "10+0.1"]
//   [TangerineLimits "10+0.1"]
//   [LavenderLimits "10+0.1,depth=2"]
//   [Variant "Leiserchess"]
//   [Edition "2016"]
//   [SetUp "1"]
//   [FEN "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"]
//   [OpeningPlies "10"]
//   [PlyCount "37"]
//   [Termination "rules"]
//   [Reason "Lavender's King zapped"]
//
//   1. h4g5 {book} a3a2 {book} ... 6. d3d4 {+0.35/7 0.512s} e7e6 {-0.20/6 0.498s}
//   ... 19. d3d4 {+M1/3 0.020s} 1-0
//
// White is Tangerine and Black is Lavender (Tangerine moves first, as White
// does). A comment is the mover's score in pawns from its own point of view
// (+M<n> / -M<n>: zaps or is zapped in n moves), the depth it reached, and
// the time it took; {book} marks the opening's moves. TimeControl is
// "base+increment" in seconds, "-" for engines limited by depth or nodes
// only, and "?" when the two engines have different clocks (then
// WhiteTimeControl and BlackTimeControl give each).
#pragma once

#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "arena/engine.h"
#include "arena/game_record.h"
#include "kernel/edition.h"
#include "kernel/expected.h"

namespace leiser::arena {

struct PgnTags {
  std::string event = "leiserchess arena";
  std::string date;  // "YYYY.MM.DD"; empty: "????.??.??"
  int round = 0;     // the game's number in the match
  kernel::Edition edition = kernel::kDefaultEdition;
  EngineSpec tangerine;  // for the limits and clocks
  EngineSpec lavender;
  std::optional<std::uint64_t> shuffle_seed;  // the book was shuffled with it
};

std::string format_game_record(const GameRecord& game, const PgnTags& tags);

// How an engine is limited, for the *Limits tags and the summary.
std::string describe_limits(const EngineSpec& spec);
// The PGN TimeControl value of one engine: "10+0.1", or "-" without a clock.
std::string pgn_time_control(const EngineSpec& spec);

// "+0.35/7 0.512s", "-M3/12 1.250s", "0.020s" (no score): a move's comment.
std::string format_move_note(const MoveNote& note);

// A record read back from a PGN file (--resume).
struct PgnGame {
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;  // move-number tokens and comments removed
  // The comment after each move ("" where there is none): the arena's
  // "{+0.35/9 0.412s}" score, depth and time.
  std::vector<std::string> comments;
  std::string result;  // the result token ending the move text
};

// The complete games of a PGN text (those whose move text ends with a
// result), in order. `complete_bytes` gets the length of the text before a
// last record cut short (the whole text if there is none): a file written by
// a process killed mid-record can be truncated there. A malformed tag line,
// or a record without a result followed by another, is an error naming its
// line.
kernel::Expected<std::vector<PgnGame>> read_pgn(std::istream& in,
                                                std::size_t* complete_bytes = nullptr);

}  // namespace leiser::arena
