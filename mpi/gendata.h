// `leiserchess-mpi gendata ...` (docs/mpi.md, "gendata"): the NNUE training
// data generator spread over the ranks. Rank R of N runs `leiserchess
// gendata` with the same arguments through the engine core's entry, playing
// the games i with i mod N = R (--first-game R --game-stride N) into its own
// file OUT.rank<R>; rank 0 prints the combined progress and, when every rank
// has finished, writes OUT.manifest. Rerunning the same command resumes
// each rank's file, as gendata resumes one file.
#pragma once

#include <string>
#include <vector>

#include "core/cores.h"

namespace leiser::mpi {

inline constexpr const char* kGendataUsage =
    "usage: leiserchess-mpi gendata --edition 2016|2018 --games N --nodes K --out FILE [gendata's "
    "other options]"
    " [--simd scalar|avx2|avx512|auto]";

// The file rank `rank` writes for --out `out`, and the manifest's name.
std::string rank_file(const std::string& out, int rank);
std::string manifest_file(const std::string& out);

// Runs on every rank with the arguments after "gendata" (--simd taken out).
// Returns the exit status, the same on every rank: 0, 2 for bad arguments
// or a file that cannot be resumed (gendata's), 1 for a failed run.
int run_gendata(const std::vector<std::string>& args, const core::CoreEntry& core, int rank,
                int ranks);

}  // namespace leiser::mpi
