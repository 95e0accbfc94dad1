// `leiserchess-mpi arena <arena's options>` (docs/mpi.md, "arena across
// ranks"): the games of one match spread over the ranks. Rank 0 reads the
// options, the book and the PGN to resume exactly as `leiserchess arena`
// does (arena/prepare.h), hands out opening pairs (the two games of an
// opening, colours reversed) to the worker ranks on demand, and counts,
// writes and reports the records they send back in game-number order
// (arena/recorder.h), stopping the hand-out when the SPRT decides. Each
// worker rank plays its games one at a time with its own engine processes
// (arena/player.h), as a worker thread of `leiserchess arena` does.
#pragma once

#include <string>
#include <vector>

#include "core/cores.h"

namespace leiser::mpi {

// Runs on every rank with the arguments after "arena" (--simd taken out).
// Returns the exit status, the same on every rank: 0; 2 for bad options; 1
// for a match that could not start or stopped on an error.
int run_arena(std::vector<std::string> args, const core::CoreEntry& core, int rank, int ranks);

// What rank 0 says if the job is killed under it (a rank died, or mpirun
// was stopped): where the finished games are and how to finish the match.
std::string arena_terminated_text(const std::vector<std::string>& args);

}  // namespace leiser::mpi
