// What `leiserchess arena` does between parsing its command line and
// playing the first game, shared with `leiserchess-mpi arena` (whose rank 0
// must read the book, the PGN to resume and the shuffle exactly as the
// single-process arena does, or the two would play different matches): load
// and shuffle the book, read back the games to resume and check them against
// the schedule, check that the PGN can be written, start each engine once.
#pragma once

#include <ostream>
#include <vector>

#include "arena/match.h"
#include "arena/options.h"

namespace leiser::arena {

// Completes options.match (the book, in playing order; the shuffle seed;
// the protocol log with --debug, to `err`) and fills `resumed` (--resume).
// Returns 0 when the match can start; otherwise the exit status (1), having
// written the reason to `err` as `error: ...` lines. Warnings go to `err` too.
int prepare_match(ArenaOptions& options, std::vector<ResumedGame>& resumed, std::ostream& err);

}  // namespace leiser::arena
