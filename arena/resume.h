// --resume: the games an interrupted match already played, read back from
// its PGN and checked against the schedule of the command line given now:
// each record's game number (Round) must be a game of this match, played by
// the engines and from the opening the schedule gives it, in this edition.
// A record that does not fit means the command line (or the book, or the
// shuffle seed) differs from the interrupted match's, and resuming is
// refused with a message naming the game, rather than mixing two matches.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arena/match.h"
#include "arena/pgn.h"
#include "kernel/expected.h"

namespace leiser::arena {

kernel::Expected<std::vector<ResumedGame>> games_to_resume(const std::vector<PgnGame>& records,
                                                           const MatchConfig& config);

// The ShuffleSeed the records were played with, if any (the first record's).
std::optional<std::uint64_t> recorded_shuffle_seed(const std::vector<PgnGame>& records);

// Reads the PGN of the match to resume (none yet: no records, said on
// `notes`). A last record cut short (the arena was killed while writing it)
// is cut off the file, so that new records follow complete ones.
kernel::Expected<std::vector<PgnGame>> read_match_records(const std::string& path,
                                                          std::ostream& notes);

}  // namespace leiser::arena
